import type { Express } from 'express';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { serviceEntry, type ServiceStatus } from '@radar/contracts';
import { env, loadConfig } from '../config';
import { createPool } from '../database';
import { createServiceApp, listen, type RunningServer } from '../http';
import { onShutdown } from '../lifecycle';
import { createLogger } from '../logger';
import { startProcessMetrics, watchConsumerLag } from '../metrics';
import { Bus } from '../nats';
import { OutboxRelay } from '../outbox';
import { prepareDatabase, waitForMigrations, type MigrationResult } from '../prisma';
import { stopTelemetry } from '../telemetry';
import { listenersOf, serviceConfigSchema, type PlatformConfig } from './platform-config';
import type { ReadinessCheck, ServiceContext, ServiceDefinition, ServiceWiring } from './service-definition';
import { serviceStatus } from './service-status';
import { serviceVersion } from './service-version';

export interface StartedService<Config, Deps> {
  name: string;
  config: Config & PlatformConfig;
  logger: Logger;
  deps: Deps;
  /** The Express app of each port (`main`, or an extra port's name), for supertest. */
  apps: Record<string, Express>;
  /** The base URL of each port. */
  urls: Record<string, string>;
  /** Stops taking work, lets in-flight requests and messages finish, then closes everything. */
  stop(): Promise<void>;
}

function unavailable(what: string, service: string): never {
  throw new Error(`${service} declares no ${what}`);
}

/**
 * Starts a service from its definition: configuration, logger, database (migrations, pool),
 * NATS and its streams, the service's own wiring, and its HTTP ports with /healthz and /readyz.
 * Production (`runService`) and the tests go through this same function.
 */
export interface StartOptions {
  /** Replaces the system clock (tests of time windows and expiry). */
  clock?: () => Date;
}

export async function startService<Schema extends z.ZodObject, Deps>(
  definition: ServiceDefinition<Schema, Deps>,
  environment: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<StartedService<z.infer<Schema>, Deps>> {
  const entry = serviceEntry(definition.name);
  // The schema joins the service's own fields with the platform's and the catalogue's (variable names read from the catalogue).
  const config = loadConfig(serviceConfigSchema(entry, definition.config), environment) as z.infer<Schema> & PlatformConfig;
  const variables = config as Record<string, unknown>;
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  startProcessMetrics(definition.name);
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close();
  };

  try {
    let pool: Pool | undefined;
    if (definition.database) {
      if (!entry.database) throw new Error(`${definition.name} declares a database the catalogue does not name`);
      const databaseUrl = variables[entry.database.variable] as string;
      if (config.RUN_MIGRATIONS) {
        const result = await prepareDatabase(databaseUrl, definition.database.migrationsDir);
        logger.info({ applied: result.applied }, 'migrations checked');
      } else if (config.MIGRATIONS_WAIT_MS > 0) {
        // 0 starts without looking, e.g. to serve 503s while the database is unreachable.
        await waitForMigrations(databaseUrl, definition.database.migrationsDir, config.MIGRATIONS_WAIT_MS, logger);
      }
      const created = createPool(databaseUrl, {
        applicationName: `radar-${definition.name}`,
        ...definition.database.pool?.(config),
        onIdleConnectionError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
      });
      pool = created;
      closers.push(() => created.end().catch(() => undefined));
    }

    let bus: Bus | undefined;
    if (definition.nats !== false) {
      const connected = await Bus.connect({ url: config.NATS_URL, name: definition.name, namespace: config.NATS_NAMESPACE, logger });
      bus = connected;
      closers.push(() => connected.close());
      await connected.ensureStreams(definition.streams ?? []);
    }

    let statusOf: () => Promise<ServiceStatus> = () => Promise.reject(new Error(`${definition.name} is not started yet`));
    const context: ServiceContext<z.infer<Schema>> = {
      config,
      logger,
      now: options.clock ?? (() => new Date()),
      status: () => statusOf(),
      get pool() {
        return pool ?? unavailable('database', definition.name);
      },
      get bus() {
        return bus ?? unavailable('NATS connection', definition.name);
      },
    };
    const wiring: ServiceWiring<Deps> = await definition.wire(context);
    if (wiring.stop) closers.push(wiring.stop);

    let stopping = false;
    const readiness: Record<string, ReadinessCheck> = {
      ...(pool ? { database: () => pool.query('SELECT 1') } : {}),
      ...(bus
        ? {
            nats: async () => {
              if (bus.connection.isClosed()) throw new Error('NATS connection closed');
            },
          }
        : {}),
      ...wiring.readiness,
      // A stopping replica reports not ready so that no new work is routed to it.
      shutdown: async () => {
        if (stopping) throw new Error('shutting down');
      },
    };

    const version = serviceVersion(environment);
    statusOf = () => serviceStatus(definition.name, version, readiness, wiring.status);

    const stopWatchingLag = watchConsumerLag({ nats: bus ? () => bus.consumerLag() : undefined, queues: wiring.status?.queues });
    closers.push(async () => stopWatchingLag());

    const listeners = listenersOf(entry, variables);
    const apps: Record<string, Express> = {};
    const servers: RunningServer[] = [];
    // /metrics on a port of its own when one is set; otherwise on every port but the one the internet reaches.
    const metricsOnOwnPort = config.METRICS_PORT !== undefined;
    for (const mount of wiring.http) {
      const name = mount.port ?? 'main';
      const listener = listeners.find((candidate) => candidate.name === name);
      if (!listener) throw new Error(`${definition.name} has no port named ${name} in the catalogue`);
      const internetFacing = name === 'main' && entry.internetFacing;
      const app = createServiceApp({
        logger,
        readiness,
        status: statusOf,
        routes: mount.routes,
        parseJsonBodies: mount.parseJsonBodies,
        serveMetrics: !metricsOnOwnPort && !internetFacing,
      });
      apps[name] = app;
      servers.push(await listen(app, listener.port, listener.host));
    }
    if (config.METRICS_PORT !== undefined) {
      const app = createServiceApp({ logger, readiness, routes: [], serveMetrics: true });
      apps.metrics = app;
      servers.push(await listen(app, config.METRICS_PORT, config.METRICS_HOST));
    }
    if (definition.outbox) {
      if (!pool || !bus) throw new Error(`${definition.name} runs an outbox relay without its database or NATS`);
      const relay = new OutboxRelay({ pool, bus, logger }, definition.outbox === true ? {} : definition.outbox);
      relay.start();
      closers.push(() => relay.stop());
    }
    // Stopping runs these in reverse: first the servers stop taking requests and finish those in
    // flight, then the consumers finish their messages, then the outbox relay its round (what
    // is left goes out from another replica or at the next start), then the service's own
    // resources close.
    if (bus) closers.push(() => bus.stopConsumers());
    closers.push(async () => {
      stopping = true;
      await Promise.all(servers.map((server) => server.close()));
    });
    await wiring.start?.();
    const urls = Object.fromEntries(Object.keys(apps).map((name, index) => [name, servers[index]!.url]));
    logger.info({ urls }, `${definition.name} started`);

    return { name: definition.name, config, logger, deps: wiring.deps, apps, urls, stop: closeAll };
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }
}

/**
 * A service's migrations alone, as a deployment's migration Job runs them (`node
 * apps/<service>/dist/main.js migrate`): its database is created if missing and its committed
 * migrations applied, under Prisma's advisory lock; nothing else starts. Reads only the
 * database URL of the catalogue and LOG_LEVEL.
 */
export async function migrateService(
  definition: { name: string; database?: { migrationsDir: string } },
  environment: NodeJS.ProcessEnv = process.env,
): Promise<MigrationResult> {
  const entry = serviceEntry(definition.name);
  const logger = createLogger(definition.name, environment.LOG_LEVEL ?? 'info');
  if (!definition.database || !entry.database) {
    logger.info('no database: nothing to migrate');
    return { applied: [], alreadyApplied: [] };
  }
  const variable = entry.database.variable;
  const config = loadConfig(z.object({ [variable]: env.url() }), environment) as Record<string, string>;
  const result = await prepareDatabase(config[variable]!, definition.database.migrationsDir);
  logger.info({ applied: result.applied, alreadyApplied: result.alreadyApplied.length }, 'migrations applied');
  return result;
}

/**
 * Runs a service as a process: starts it, and on SIGTERM or SIGINT stops it gracefully and
 * exits. With the argument `migrate` it applies its migrations and exits instead.
 */
export async function runService<Schema extends z.ZodObject, Deps>(definition: ServiceDefinition<Schema, Deps>): Promise<void> {
  if (process.argv[2] === 'migrate') {
    await migrateService(definition);
    process.exit(0);
  }
  const service = await startService(definition);
  onShutdown(
    service.logger,
    async () => {
      await service.stop();
      await stopTelemetry();
    },
    service.config.SHUTDOWN_GRACE_MS,
  );
}
