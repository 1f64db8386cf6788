import { randomUUID } from 'node:crypto';
import type { Caller } from '@radar/contracts';
import pino, { type Logger } from 'pino';
import { uniqueSuffix } from './test-database';

export { createTestDatabase, testInfrastructure, uniqueSuffix, type TestDatabase } from './test-database';

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

/** Secrets every test service gets (the gateway-signed caller headers of the tests use the first). */
export const TEST_SECRETS = {
  INTERNAL_SIGNING_SECRET: 'test-internal-signing-secret-0123456789abcdef',
  OPERATOR_SECRET: 'test-operator-secret-0123456789abcdef0123',
  CURSOR_SECRET: 'test-cursor-secret-0123456789abcdef012345',
} as const;

export { startTestService, type TestService, type TestServiceOptions } from './test-service';
export { startTcpProxy, type TcpProxy } from './tcp-proxy';
export { brokerConnectionsNamed, type BrokerConnections } from './broker-connections';
export { findSchemaDrift } from './schema-drift';
export { currentMetricSamples, parseMetricSamples, sampleValue, type MetricSample } from './metric-samples';
export { freePort } from './free-port';
export { REPOSITORY_ROOT, startSibling, type SiblingProcess } from './sibling-process';
export { createLocalS3Server, LOCAL_S3_CREDENTIALS, type LocalS3Server } from './local-object-store';
export { eventually } from './eventually';
export { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';
export { aRunCompleted, aSignal, aSignalDelivered } from './signal-records';
export { checkCompletionFor, type CheckCompletion, type CheckOutcome, type CheckRequest } from './check-stand-in';
