import { z } from 'zod';
import catalogueFile from './service-catalogue.json';

const portSchema = z.object({ variable: z.string().regex(/^[A-Z_]+_PORT$/), default: z.number().int().min(1).max(65535) });

const serviceEntrySchema = z.object({
  name: z.string().regex(/^[a-z][a-z-]*$/),
  /** `http` serves requests; `worker` only consumes, with /healthz and /readyz on its port for probes. */
  role: z.enum(['http', 'worker']),
  port: portSchema,
  hostVariable: z.string(),
  extraPorts: z.array(portSchema.extend({ name: z.string(), hostVariable: z.string() })).default([]),
  database: z.object({ variable: z.string().regex(/_DATABASE_URL$/), name: z.string() }).nullable(),
  /** The gateway forwards public /api/v1 routes to it, at the URL in `<NAME>_URL`. */
  publicApi: z.boolean(),
  /**
   * Paths outside /api/v1 the gateway routes to it (every method), once it has authenticated the
   * caller, passing the caller's bearer token on (the MCP server's /mcp).
   */
  publicPaths: z.array(z.string().regex(/^\/[a-z][a-z0-9-]*$/)).default([]),
  /** Calls the public API as its callers, at the gateway's address (GATEWAY_URL). */
  callsPublicApi: z.boolean().default(false),
  /** Operator routes (under /operator/v1) the gateway passes through to this service, with how long a call may take. */
  operatorPrefixes: z.array(z.object({ prefix: z.string().startsWith('/'), timeoutMs: z.number().int().positive() })),
  /** Runs long operator work as jobs (GET /operator/v1/jobs and /jobs/:job_id); `radar jobs` reads them through the gateway. */
  operatorJobs: z.boolean().default(false),
  /** Secrets it shares with other services; every holder must get the same value. */
  secrets: z.array(z.string()),
  /**
   * Its main port is what the internet reaches (through the Ingress): it never serves /metrics,
   * which the service's internal ports (or its METRICS_PORT) serve instead.
   */
  internetFacing: z.boolean().default(false),
  /** Development and tests only (a stand-in for an outside system); never deployed. */
  localOnly: z.boolean().default(false),
});

export type ServiceEntry = z.infer<typeof serviceEntrySchema>;

/** Every service, in start order (dependencies first, the gateway last). */
export const SERVICE_CATALOGUE: readonly ServiceEntry[] = z
  .object({ services: z.array(serviceEntrySchema) })
  .parse(catalogueFile).services;

export type ServiceName = string;

/** The variable holding a service's internal URL, e.g. `MONITOR_SCHEDULER_URL`. */
export const serviceUrlVariable = (name: ServiceName): string => `${name.toUpperCase().replace(/-/g, '_')}_URL`;

/** Services whose URL the gateway needs: those serving public routes, public paths or operator routes. */
export const gatewayUpstreams = (): ServiceEntry[] =>
  SERVICE_CATALOGUE.filter((service) => service.publicApi || service.publicPaths.length > 0 || service.operatorPrefixes.length > 0);

export function serviceEntry(name: ServiceName): ServiceEntry {
  const entry = SERVICE_CATALOGUE.find((service) => service.name === name);
  if (!entry) throw new Error(`${name} is not in the service catalogue`);
  return entry;
}
