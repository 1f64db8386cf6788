import type { Router } from 'express';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { ServiceStatus, StreamName } from '@radar/contracts';
import type { Bus } from '../nats';
import type { OutboxRelaySettings } from '../outbox';
import type { PoolOptions } from '../database';
import type { PlatformConfig } from './platform-config';
import type { ServiceStatusHooks } from './service-status';

export type ReadinessCheck = () => Promise<unknown>;

/** What every service is given: its parsed configuration and the shared infrastructure. */
export interface ServiceContext<Config> {
  config: Config & PlatformConfig;
  logger: Logger;
  /** The service's connection pool; only for services that declare a database. */
  pool: Pool;
  /** NATS; only for services that declare `nats: true` (the default). */
  bus: Bus;
  /** The service's clock: the system's in production, a test's own where time matters. */
  now: () => Date;
  /** What this service answers on /statusz, once it is started (the gateway's `radar status` includes its own). */
  status: () => Promise<ServiceStatus>;
}

/** One HTTP listener of a service: the catalogue's main port, or one of its `extraPorts` by name. */
export interface HttpMount {
  port?: 'main' | (string & {});
  routes: Router | Router[];
  /** False for a proxy that streams bodies through unread. */
  parseJsonBodies?: boolean;
}

/** What a service wires from its context: its routes, its own readiness checks and resources. */
export interface ServiceWiring<Deps> {
  /** The service's dependencies, kept for its tests. */
  deps: Deps;
  http: HttpMount[];
  /** Added to the platform's database and NATS checks on /readyz. */
  readiness?: Record<string, ReadinessCheck>;
  /** What /statusz reports beyond readiness: data version, infrastructure, queues (`radar status`). */
  status?: ServiceStatusHooks;
  /** Work that starts once the HTTP ports listen (consumers, schedules, relays). */
  start?(): Promise<void>;
  /** Releases the service's own resources; runs after HTTP and consumers have stopped, before the pool and NATS close. */
  stop?(): Promise<void>;
}

export interface ServiceDefinition<Schema extends z.ZodObject, Deps> {
  /** The service's name in the service catalogue (libs/contracts/src/service-catalogue.json). */
  name: string;
  /** The service's own environment variables; the platform adds its own and the catalogue's ports. */
  config: Schema;
  /** The database named by the catalogue entry, migrated from `migrationsDir` at start. */
  database?: {
    migrationsDir: string;
    pool?: (config: z.infer<Schema>) => Omit<PoolOptions, 'onIdleConnectionError'>;
  };
  /** Connects to NATS (default true). */
  nats?: boolean;
  /** JetStream streams this service owns, created or updated at start. */
  streams?: readonly StreamName[];
  /**
   * Runs the outbox relay (libs/platform/src/outbox), which publishes the events the service
   * writes with `writeOutboxEvent`; needs the database (with the outbox table) and NATS.
   */
  outbox?: boolean | Partial<OutboxRelaySettings>;
  wire(context: ServiceContext<z.infer<Schema>>): Promise<ServiceWiring<Deps>>;
}

/** Declares a service; `runService` runs it in production, `startService` in tests, through the same wiring. */
export const defineService = <Schema extends z.ZodObject, Deps>(
  definition: ServiceDefinition<Schema, Deps>,
): ServiceDefinition<Schema, Deps> => definition;
