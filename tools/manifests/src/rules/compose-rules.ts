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
