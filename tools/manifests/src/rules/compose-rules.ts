import { z } from 'zod';

const portSchema = z.union([
  z.string(),
  z.number(),
  z.looseObject({ target: z.union([z.number(), z.string()]), published: z.union([z.number(), z.string()]).optional(), host_ip: z.string().optional() }),
]);

const composeSchema = z.looseObject({
  services: z.record(
    z.string(),
    z.looseObject({
      image: z.string().optional(),
      command: z.union([z.string(), z.array(z.string())]).optional(),
      environment: z
        .union([
          z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
          z.array(z.string()).transform((entries) => Object.fromEntries(entries.map((entry) => [entry.split('=')[0] ?? entry, entry.split('=').slice(1).join('=')]))),
        ])
        .optional(),
      depends_on: z
        .union([z.array(z.string()).transform((names) => Object.fromEntries(names.map((name) => [name, { condition: 'service_started' }]))), z.record(z.string(), z.looseObject({ condition: z.string().optional() }))])
        .optional(),
      network_mode: z.string().optional(),
      ports: z.array(portSchema).optional(),
      healthcheck: z
        .looseObject({ test: z.union([z.string(), z.array(z.string())]).optional(), disable: z.boolean().optional() })
        .optional(),
    }),
  ),
});

export type ComposeFile = z.infer<typeof composeSchema>;
type Port = z.infer<typeof portSchema>;

export const parseComposeFile = (document: unknown): ComposeFile => composeSchema.parse(document);

const loopback = '127.0.0.1';

/** The host side of a port mapping: the address it binds and the port it publishes. */
function hostSide(port: Port): { address: string | undefined; published: string | undefined } {
  if (typeof port === 'number') return { address: undefined, published: undefined };
  if (typeof port === 'string') {
    // IP:HOST:CONTAINER, HOST:CONTAINER or CONTAINER, each optionally with /protocol.
    const parts = port.replace(/\/\w+$/, '').split(':');
    return parts.length === 3 ? { address: parts[0], published: parts[1] } : { address: undefined, published: parts.length === 2 ? parts[0] : undefined };
  }
  return { address: port.host_ip, published: port.published === undefined ? undefined : String(port.published) };
}

/** Ports each service publishes on the host, for the check that the defaults are all there. */
export const publishedPorts = (compose: ComposeFile): number[] =>
  Object.values(compose.services).flatMap(({ ports }) => (ports ?? []).map((port) => Number(hostSide(port).published)).filter(Number.isInteger));

/**
 * Every service has a healthcheck (so `up --wait` and depends_on mean "usable"), and publishes
 * ports on the loopback address only: a bare port would open the service to the whole network.
 */
export function composeViolations(compose: ComposeFile): string[] {
  return Object.entries(compose.services).flatMap(([name, service]) => {
    const violations: string[] = [];
    const test = service.healthcheck?.test;
    const testWords = typeof test === 'string' ? [test] : (test ?? []);
    if (!service.healthcheck || service.healthcheck.disable || testWords.length === 0 || testWords[0] === 'NONE') {
      violations.push(`${name} has no healthcheck`);
    }
    if (service.network_mode === 'host') violations.push(`${name} uses the host network`);
    for (const port of service.ports ?? []) {
      if (hostSide(port).address !== loopback) violations.push(`${name} publishes ${JSON.stringify(port)} beyond ${loopback}`);
    }
    return violations;
  });
}

/** What the compose file must say about one of Radar's own services. */
export interface ComposedService {
  name: string;
  /** Every variable it reads at start (project-facts). */
  environment: readonly string[];
  hostVariable: string;
  /** Its URL variables that must name another compose service and its port (the gateway's upstreams). */
  upstreams: Record<string, { service: string; port: number }>;
}

/** The value compose gives a variable, with a `${NAME:-default}` interpolation read as its default. */
const composedValue = (value: string | number | boolean | null | undefined): string | undefined => {
  if (value === null || value === undefined) return undefined;
  return String(value).replace(/^\$\{[A-Z_]+:-(.*)\}$/, '$1');
};

/**
 * Each service runs from the one image with its own entry, gets every variable it reads, listens
 * on 0.0.0.0 (the compose network reaches it), starts after what it needs is healthy, finds its
 * upstreams by compose name, and, but for the gateway (the API and the operator port), publishes
 * no port of its own.
 */
export function composedServiceViolations(compose: ComposeFile, services: readonly ComposedService[], publishing: readonly string[]): string[] {
  return services.flatMap((expected) => {
    const service = compose.services[expected.name];
    if (!service) return [`${expected.name} is not in the compose file`];
    const violations: string[] = [];
    const command = typeof service.command === 'string' ? service.command.split(/\s+/) : service.command;
    if (JSON.stringify(command) !== JSON.stringify(['node', `apps/${expected.name}/dist/main.js`])) {
      violations.push(`runs ${JSON.stringify(service.command)}, not node apps/${expected.name}/dist/main.js`);
    }
    const environment = service.environment ?? {};
    for (const variable of expected.environment) {
      if (composedValue(environment[variable]) === undefined) violations.push(`does not get ${variable}`);
    }
    if (composedValue(environment[expected.hostVariable]) !== '0.0.0.0') violations.push(`listens on ${expected.hostVariable}=${composedValue(environment[expected.hostVariable]) ?? '(default 127.0.0.1)'}, not 0.0.0.0`);
    for (const [variable, target] of Object.entries(expected.upstreams)) {
      const value = composedValue(environment[variable]);
      if (value !== `http://${target.service}:${target.port}`) violations.push(`gets ${variable}=${value ?? '(unset)'}, not http://${target.service}:${target.port}`);
    }
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      if (!compose.services[dependency]) violations.push(`depends on ${dependency}, which is not in the compose file`);
      if (condition !== 'service_healthy') violations.push(`starts when ${dependency} is ${condition ?? 'started'}, not healthy`);
    }
    if (!publishing.includes(expected.name) && (service.ports?.length ?? 0) > 0) violations.push('publishes ports; only the gateway does');
    return violations.map((violation) => `${expected.name} ${violation}`);
  });
}
