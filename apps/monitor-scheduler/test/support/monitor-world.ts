import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { RPCS, QUEUES, WEBHOOK_OPERATOR_ROUTES, type Caller, type QueueName } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { RabbitMq } from '@radar/platform/rabbitmq';
import { aCaller, silentLogger, startSmtpSink, startTestService, TEST_SECRETS, testInfrastructure, testNamespace } from '@radar/platform/testing';
import { monitorSchedulerService } from '../../src/service';
import { startSibling, type SiblingProcess } from '@radar/platform/testing';

export interface WorldOptions {
  /** Also run search (list-following monitors). */
  withSearch?: boolean;
  /** monitor-scheduler's environment (the schedule is off unless a test turns it on). */
  env?: Record<string, string>;
  clock?: () => Date;
}

export interface LedgerRow {
  amount: number;
  reason: string;
  reference: string;
}

/**
 * monitor-scheduler in process (its production wiring) with its real neighbours as built
 * processes in the same NATS namespace: the ledger, webhook-dispatch's registry and, when asked,
 * search. signal-ingest is not among them: run tests answer checks with a CheckResponder.
 */
/** webhook-dispatch's retry schedule here: short, so nothing it failed to send waits in a delay queue after the test. */
const SIBLING_RETRY_DELAYS_MS = [100, 100];

/** Deletes the delivery queues the webhook-dispatch sibling declared under the world's prefix. */
async function deleteSiblingQueues(prefix: string): Promise<void> {
  const policy = { retryDelaysMs: SIBLING_RETRY_DELAYS_MS };
  const queues = Object.fromEntries((Object.keys(QUEUES) as QueueName[]).map((name) => [name, policy]));
  await RabbitMq.deleteTopology({ url: testInfrastructure.amqpUrl, prefix, queues });
}

export async function startMonitorWorld(options: WorldOptions = {}) {
  const namespace = testNamespace();
  const siblings: SiblingProcess[] = [];
  const mail = await startSmtpSink();
  const sibling = async (name: string, env: Record<string, string> = {}) => {
    const started = await startSibling(name, { namespace, env });
    siblings.push(started);
    return started;
  };
  try {
    const ledger = await sibling('ledger');
    const registry = await sibling('webhook-dispatch', {
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
      // Its delivery side is not under test here: a broker prefix of the test's own, and a mail
      // server that drops the digests of these runs.
      AMQP_URL: testInfrastructure.amqpUrl,
      AMQP_PREFIX: namespace,
      DELIVERY_RETRY_DELAYS_MS: SIBLING_RETRY_DELAYS_MS.join(','),
      SMTP_URL: mail.url,
    });
    const search = options.withSearch ? await sibling('search') : undefined;
    const scheduler = await startTestService(monitorSchedulerService, {
      namespace,
      env: { MONITOR_SCHEDULE_ENABLED: 'false', ...options.env },
      clock: options.clock,
    });
    const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'monitor-world', namespace, logger: silentLogger() });
    const app = scheduler.apps.main!;
    const operatorCall = (base: string | typeof app, path: string, body: unknown) =>
      request(base).post(`/operator/v1${path}`).set('authorization', `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`).send(body as object);

    const world = {
      namespace,
      app,
      scheduler,
      pool: scheduler.deps.pool,
      client,
      ledgerDatabaseUrl: ledger.databaseUrl!,
      searchUrl: search?.url,

      /** An owner with a read_write token of a fresh workspace (tests override what they are about). */
      editor: (workspaceId: string = randomUUID(), overrides: Partial<Caller> = {}): Caller =>
        aCaller(workspaceId, { scope: 'read_write', role: 'owner', ...overrides }),
      /** A call as the gateway forwards it, with the caller's signed identity. */
      as: (caller: Caller) => {
        const headers = signCaller(caller, TEST_SECRETS.INTERNAL_SIGNING_SECRET);
        return {
          get: (path: string) => request(app).get(path).set(headers),
          post: (path: string, body?: unknown) => request(app).post(path).set(headers).send(body as object),
          patch: (path: string, body?: unknown) => request(app).patch(path).set(headers).send(body as object),
          delete: (path: string) => request(app).delete(path).set(headers),
        };
      },
      operator: (path: string, body: unknown) => operatorCall(app, path, body),
      searchOperator: (path: string, body: unknown) => {
        if (!search) throw new Error('this world runs without search');
        return operatorCall(search.url, path, body);
      },

      async grant(workspaceId: string, amount: number): Promise<void> {
        await client.request(RPCS.ledger.grant, { workspaceId, amount, reason: 'test_grant', reference: `test-grant:${randomUUID()}` });
      },
      balance: async (workspaceId: string): Promise<number> => (await client.request(RPCS.ledger.balance, { workspaceId })).balance,
      /** The workspace's ledger transactions, oldest first (read from the ledger's own database). */
      async transactions(workspaceId: string): Promise<LedgerRow[]> {
        const db = new Client({ connectionString: ledger.databaseUrl });
        await db.connect();
        try {
          const { rows } = await db.query<{ amount: string; reason: string; reference: string }>(
            'SELECT amount::text, reason, reference FROM transactions WHERE workspace_id = $1 ORDER BY seq',
            [workspaceId],
          );
          return rows.map((row) => ({ amount: Number(row.amount), reason: row.reason, reference: row.reference }));
        } finally {
          await db.end();
        }
      },
      async createWebhook(workspaceId: string): Promise<string> {
        const created = await operatorCall(registry.url, WEBHOOK_OPERATOR_ROUTES.createWebhook.path, {
          workspace_id: workspaceId,
          url: 'http://127.0.0.1:9/hooks/radar',
        });
        if (created.status !== 201 && created.status !== 200) throw new Error(`webhook create answered ${created.status}: ${created.text}`);
        return created.body.webhook_id as string;
      },
      async createSlackConnection(workspaceId: string, channel: string): Promise<string> {
        const created = await operatorCall(registry.url, WEBHOOK_OPERATOR_ROUTES.createSlackConnection.path, {
          workspace_id: workspaceId,
          url: 'http://127.0.0.1:9/slack/incoming',
          channel,
        });
        if (created.status !== 201 && created.status !== 200) throw new Error(`slack connect answered ${created.status}: ${created.text}`);
        return created.body.slack_connection_id as string;
      },

      async close() {
        await client.close();
        await scheduler.close();
        for (const started of siblings.reverse()) await started.stop();
        await deleteSiblingQueues(namespace);
        await mail.close();
      },
    };
    return world;
  } catch (error) {
    for (const started of siblings.reverse()) await started.stop().catch(() => undefined);
    await deleteSiblingQueues(namespace).catch(() => undefined);
    await mail.close();
    throw error;
  }
}

export type MonitorWorld = Awaited<ReturnType<typeof startMonitorWorld>>;
