import { randomBytes } from 'node:crypto';
import { dropDatabase, prepareDatabase } from '../prisma';

/** Where the real infrastructure listens in tests (loopback by default). */
export const testInfrastructure = {
  postgresUrl: process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  amqpUrl: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
};

export const uniqueSuffix = (): string => randomBytes(5).toString('hex');

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database with the service's migrations applied, for one test file or test. */
export async function createTestDatabase(service: string, migrationsDir: string): Promise<TestDatabase> {
  const url = new URL(testInfrastructure.postgresUrl);
  url.pathname = `/radar_test_${service.replace(/[^a-z0-9]/gi, '_')}_${uniqueSuffix()}`;
  const databaseUrl = url.toString();
  await prepareDatabase(databaseUrl, migrationsDir);
  return { url: databaseUrl, drop: () => dropDatabase(databaseUrl) };
}
