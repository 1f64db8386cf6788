import { z } from 'zod';
import type { ServiceEntry } from '@radar/contracts';
import { env } from '../config';

/** Variables every service reads. */
const platformFields = {
  NATS_URL: env.url().default('nats://127.0.0.1:4222'),
  /** Prepended to every subject and stream; separate stacks on one NATS server (tests) set it. */
  NATS_NAMESPACE: z.string().default(''),
  /** Applies the service's migrations at start; false where a migration Job applies them (the service then waits for them). */
  RUN_MIGRATIONS: env.boolean(true),
  /** How long a service that does not migrate itself waits at start for its migrations to be applied; 0 does not wait. */
  MIGRATIONS_WAIT_MS: z.coerce.number().int().min(0).default(300_000),
  LOG_LEVEL: env.logLevel(),
  /**
   * A port of its own for `GET /metrics` (and nothing else but the probes), so a NetworkPolicy can
   * let scrapers reach the metrics and not the API. Unset (local runs): the metrics are served on
   * the service's internal ports.
   */
  METRICS_PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number (0-65535)')
    .transform(Number)
    .pipe(z.number().int().max(65535, 'must be a port number (0-65535)'))
    .optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** How long a stopping service waits for in-flight requests and messages before it exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
};

export type PlatformConfig = z.infer<z.ZodObject<typeof platformFields>>;

/** The variables a catalogue entry names: its ports, bind addresses and database URL. */
function catalogueFields(entry: ServiceEntry): Record<string, z.ZodType> {
  const fields: Record<string, z.ZodType> = {
    [entry.port.variable]: env.port(entry.port.default),
    [entry.hostVariable]: z.string().default('127.0.0.1'),
  };
  for (const extra of entry.extraPorts) {
    fields[extra.variable] = env.port(extra.default);
    fields[extra.hostVariable] = z.string().default('127.0.0.1');
  }
  if (entry.database) fields[entry.database.variable] = env.url();
  return fields;
}

/** The whole environment schema of a service: the platform's, the catalogue's and the service's own variables. */
export function serviceConfigSchema<Own extends z.ZodObject>(entry: ServiceEntry, own: Own) {
  return z.object({ ...platformFields, ...catalogueFields(entry), ...own.shape });
}

export interface Listener {
  name: string;
  port: number;
  host: string;
}

/** Where each of the entry's ports listens, read from the parsed environment. */
export function listenersOf(entry: ServiceEntry, config: Record<string, unknown>): Listener[] {
  return [
    { name: 'main', port: config[entry.port.variable] as number, host: config[entry.hostVariable] as string },
    ...entry.extraPorts.map((extra) => ({
      name: extra.name,
      port: config[extra.variable] as number,
      host: config[extra.hostVariable] as string,
    })),
  ];
}
