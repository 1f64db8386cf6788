import type { z } from 'zod';
import { serviceEntry } from '@radar/contracts';
import { startService, type ServiceDefinition, type StartedService } from '../service';
import { createTestDatabase, silentLogger, testInfrastructure, testNamespace, TEST_SECRETS, type TestDatabase } from './index';
import { Bus } from '../nats';

export interface TestServiceOptions {
  /** Overrides and additions to the test environment. */
  env?: Record<string, string>;
  /** Shares another test service's NATS namespace (services that talk to each other). */
  namespace?: string;
  /** Uses this database instead of a fresh one (it is then not dropped). */
  databaseUrl?: string;
  /** Replaces the system clock. */
  clock?: () => Date;
}

export interface TestService<Config, Deps> extends StartedService<Config, Deps> {
  namespace: string;
  databaseUrl?: string;
  /** Stops the service, drops its database and deletes the streams of its namespace. */
  close(): Promise<void>;
}

/**
 * A service started through its production wiring, on free loopback ports, with a fresh
 * database (migrated by the service itself), its own NATS namespace and the test secrets.
 */
export async function startTestService<Schema extends z.ZodObject, Deps>(
  definition: ServiceDefinition<Schema, Deps>,
  options: TestServiceOptions = {},
): Promise<TestService<z.infer<Schema>, Deps>> {
  const entry = serviceEntry(definition.name);
  const namespace = options.namespace ?? testNamespace();
  let database: TestDatabase | undefined;
  if (entry.database && !options.databaseUrl) database = await createTestDatabase(definition.name, definition.database?.migrationsDir ?? '');
  const databaseUrl = options.databaseUrl ?? database?.url;
  const env: Record<string, string> = {
    ...TEST_SECRETS,
    NATS_URL: testInfrastructure.natsUrl,
    NATS_NAMESPACE: namespace,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SHUTDOWN_GRACE_MS: '5000',
    [entry.port.variable]: '0',
    ...Object.fromEntries(entry.extraPorts.map((extra) => [extra.variable, '0'])),
    ...(entry.database && databaseUrl ? { [entry.database.variable]: databaseUrl } : {}),
    ...options.env,
  };
  let service: StartedService<z.infer<Schema>, Deps>;
  try {
    service = await startService(definition, env, { clock: options.clock });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    ...service,
    namespace,
    databaseUrl,
    async close() {
      await service.stop();
      if (!options.namespace) {
        const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'test-cleanup', namespace, logger: silentLogger() });
        await bus.deleteStreams();
        await bus.close();
      }
      await database?.drop();
    },
  };
}
