import { randomBytes, randomUUID } from 'node:crypto';
import type { Caller } from '@radar/contracts';
import pino, { type Logger } from 'pino';
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

/** A NATS subject and stream namespace of the test's own, e.g. `t3fa9c01b2e.` */
export const testNamespace = (): string => `t${uniqueSuffix()}.`;

/** A Redis key prefix of the test's own. */
export const testKeyPrefix = (): string => `test:${uniqueSuffix()}:`;

export const silentLogger = (): Logger => pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A gateway-authenticated caller of the given workspace (a fresh one by default); tests override what they are about. */
export const aCaller = (workspaceId: string = randomUUID(), overrides: Partial<Caller> = {}): Caller => ({
  workspaceId,
  userId: randomUUID(),
  tokenId: randomUUID(),
  scope: 'read',
  role: 'member',
  ...overrides,
});
