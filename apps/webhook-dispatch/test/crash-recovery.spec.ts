import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Pool } from 'pg';
import type { EventPayload } from '@radar/contracts';
import { Bus } from '@radar/platform/nats';
import { RabbitMq } from '@radar/platform/rabbitmq';
import {
  aSignalDelivered,
  brokerConnectionsNamed,
  createTestDatabase,
  eventually,
  REPOSITORY_ROOT,
  silentLogger,
  startSibling,
  startSmtpSink,
  startTcpProxy,
  TEST_SECRETS,
  testInfrastructure,
  testNamespace,
  uniqueSuffix,
  type SiblingProcess,
  type SmtpSink,
  type TestDatabase,
} from '@radar/platform/testing';
import { deliveryQueues } from '../src/clients/delivery-queues';
import { sleep } from './sleep';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from './receivers/http-receiver';
import { deliveryCounts } from './support/stored-rows';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

jest.setTimeout(180_000);

const SIGNALS = 300;
/** Enough that the kill finds some batches of deliveries written and others not yet. */
const BATCH_CRASH_SIGNALS = 3_000;
const RETRY_DELAYS = '500,500,500,500';

/** Every signal's outcome as `delivery.updated` told it, and the receiver's view. */
async function expectEachDeliveredOnceRecorded(
  signalIds: readonly string[],
  updates: readonly EventPayload<'delivery.updated'>[],
  receivedRequests: () => readonly ReceivedRequest[],
  countDeliveries: () => Promise<{ total: number; delivered: number }>,
) {
  const delivered = await eventually(
    () => {
      const done = new Set(updates.filter((update) => update.deliveryStatus === 'delivered').map((update) => update.signalId));
      return signalIds.every((id) => done.has(id)) ? done : undefined;
    },
    `all ${signalIds.length} signals delivered`,
    120_000,
  );
  expect(delivered.size).toBe(signalIds.length);
  // Recorded once: one delivery per signal, one `delivered` outcome per delivery.
  expect(await countDeliveries()).toEqual({ total: signalIds.length, delivered: signalIds.length });
  const deliveredUpdates = updates.filter((update) => update.deliveryStatus === 'delivered');
  expect(new Set(deliveredUpdates.map((update) => update.webhookDeliveryId)).size).toBe(deliveredUpdates.length);
  // Delivered at least once: the receiver saw every delivery's webhook-id.
  const requests = receivedRequests();
  const seen = new Set(requests.map((request) => request.headers['webhook-id']));
  for (const update of deliveredUpdates) expect(seen.has(update.webhookDeliveryId)).toBe(true);
  return { requests: requests.length, repeats: requests.length - seen.size };
}

const deliveredSignals = (updates: readonly EventPayload<'delivery.updated'>[]) =>
  new Set(updates.filter((update) => update.deliveryStatus === 'delivered').map((update) => update.signalId));

/**
 * Signals to a webhook on the receiver; once requests are in flight, the service's connection to
 * RabbitMQ is disrupted (and, when `recover` is given, restored after the check that work was left).
 * Each signal is then delivered at least once and recorded once, on a connection made again.
 */
async function expectNoneLostThrough(
  service: RunningWebhookDispatch,
  receiver: HttpReceiver,
  disruption: { disrupt: () => Promise<void>; recover?: () => Promise<void> },
): Promise<void> {
  const updates = await service.deliveryUpdates();
  const workspaceId = randomUUID();
  const created = await service.operator('/webhooks', { workspace_id: workspaceId, url: receiver.url });
  const events = Array.from({ length: SIGNALS }, () => aSignalDelivered({ workspaceId, webhookId: created.body.webhook_id }));
  await Promise.all(events.map((event) => service.publishSignal(event)));

  await eventually(() => (receiver.requests.length >= 60 ? true : undefined), 'requests in flight', 60_000);
  await disruption.disrupt();
  expect(deliveredSignals(updates).size).toBeLessThan(SIGNALS);
  await disruption.recover?.();

  await expectEachDeliveredOnceRecorded(
    events.map((event) => event.signal.id),
    updates,
    () => receiver.requests,
    () => deliveryCounts(service.pool),
  );
  expect(service.rabbit.isConnected).toBe(true);
}

describe('a dispatcher SIGKILLed with webhook requests in flight', () => {
  let database: TestDatabase;
  let receiver: HttpReceiver;
  // Readiness asks the SMTP server; these tests send no email.
  let smtp: SmtpSink;
  let client: Bus;
  const namespace = testNamespace();
  const amqpPrefix = `t${uniqueSuffix()}.`;
  const secretKey = randomBytes(32).toString('base64');
  const processes: SiblingProcess[] = [];
  /** SIGKILL: no shutdown, no acks, no commits in flight. */
  const kill = (dispatcher: SiblingProcess) => dispatcher.stop('SIGKILL');

  beforeAll(async () => {
    // The service as production runs it: apps/webhook-dispatch/dist/main.js, bundled here.
    execFileSync(process.execPath, [path.join(REPOSITORY_ROOT, 'tools/stack/bundle.mjs'), 'src/main.ts'], { cwd: path.join(__dirname, '..'), stdio: 'pipe' });
    database = await createTestDatabase('webhook-dispatch', path.join(__dirname, '../prisma/migrations'));
    smtp = await startSmtpSink();
    // A slow receiver: many requests are in flight at any moment.
    receiver = await startHttpReceiver(() => ({ status: 200, delayMs: 150 }));
    client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'crash-test-client', namespace, logger: silentLogger() });
    await client.ensureStreams(['SIGNALS', 'DELIVERIES']);
  });
  afterAll(async () => {
    for (const started of processes) await kill(started);
    await client.deleteStreams();
    await client.close();
    await receiver.close();
    await smtp.close();
    await database.drop();
    await RabbitMq.deleteTopology({ url: testInfrastructure.amqpUrl, prefix: amqpPrefix, queues: deliveryQueues(RETRY_DELAYS.split(',').map(Number), 0) });
  });

  const start = async () => {
    const started = await startSibling('webhook-dispatch', {
      namespace,
      databaseUrl: database.url,
      env: {
        AMQP_URL: testInfrastructure.amqpUrl,
        AMQP_PREFIX: amqpPrefix,
        SMTP_URL: smtp.url,
        WEBHOOK_SECRET_KEY: secretKey,
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
        DELIVERY_RETRY_DELAYS_MS: RETRY_DELAYS,
        WEBHOOK_CONCURRENCY: '64',
      },
    });
    processes.push(started);
    return started;
  };

  /** A webhook to the receiver in the workspace, through the dispatcher's operator route. */
  const createWebhook = (dispatcherUrl: string, workspaceId: string): Promise<{ webhook_id: string }> =>
    fetch(`${dispatcherUrl}/operator/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspace_id: workspaceId, url: receiver.url }),
    }).then((response) => response.json() as Promise<{ webhook_id: string }>);

  it('loses none: each signal is delivered at least once and recorded once, by the replacement', async () => {
    const first = await start();
    const workspaceId = randomUUID();
    const created = await createWebhook(first.url, workspaceId);

    const updates: EventPayload<'delivery.updated'>[] = [];
    await client.consume('delivery.updated', { durable: 'crash-test-updates', concurrency: 16 }, async (update) => {
      updates.push(update);
    });
    const events = Array.from({ length: SIGNALS }, () => aSignalDelivered({ workspaceId, webhookId: created.webhook_id }));
    await Promise.all(events.map((event) => client.publish('signal.delivered', event, { msgId: `signal.delivered:${event.signal.id}` })));

    await eventually(() => (receiver.requests.length >= 60 ? true : undefined), 'requests in flight', 60_000);
    await kill(first);
    expect(deliveredSignals(updates).size).toBeLessThan(SIGNALS);

    await start();
    const pool = new Pool({ connectionString: database.url, max: 1 });
    try {
      const outcome = await expectEachDeliveredOnceRecorded(
        events.map((event) => event.signal.id),
        updates,
        () => receiver.requests,
        () => deliveryCounts(pool),
      );
      expect(outcome.requests).toBeGreaterThanOrEqual(SIGNALS);
      // Requests that were in flight when the process died went out again, under the same webhook-id.
      expect(outcome.repeats).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });
  it('loses none when killed while batches of deliveries are being written: the unacknowledged events come again', async () => {
    // The replacement of the test before would share the work: this test's kill must stop every dispatcher.
    for (const running of processes) await kill(running);
    const receiverCountBefore = receiver.requests.length;
    const first = await start();
    const workspaceId = randomUUID();
    const created = await createWebhook(first.url, workspaceId);
    const updates: EventPayload<'delivery.updated'>[] = [];
    await client.consume('delivery.updated', { durable: 'crash-test-batch-updates', concurrency: 16 }, async (update) => {
      if (update.workspaceId === workspaceId) updates.push(update);
    });
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const countDeliveries = () => deliveryCounts(pool, workspaceId);
    try {
      const events = Array.from({ length: BATCH_CRASH_SIGNALS }, () => aSignalDelivered({ workspaceId, webhookId: created.webhook_id }));
      const publishing = Promise.all(events.map((event) => client.publish('signal.delivered', event, { msgId: `signal.delivered:${event.signal.id}` })));

      await eventually(async () => ((await countDeliveries()).total > 0 ? true : undefined), 'the first batch of deliveries written', 60_000);
      await kill(first);
      await publishing;
      expect((await countDeliveries()).total).toBeLessThan(BATCH_CRASH_SIGNALS);

      await start();
      const outcome = await expectEachDeliveredOnceRecorded(
        events.map((event) => event.signal.id),
        updates,
        () => receiver.requests.slice(receiverCountBefore),
        countDeliveries,
      );
      expect(outcome.requests).toBeGreaterThanOrEqual(BATCH_CRASH_SIGNALS);
    } finally {
      await pool.end();
    }
  });
});

describe("the broker forcibly closes the service's connection mid-stream (rabbitmqctl close_connection)", () => {
  it('re-connects and loses none: each signal delivered at least once and recorded once', async () => {
    // Slow enough answers (about five seconds of work in all) that the close lands mid-stream even on a busy machine.
    const receiver = await startHttpReceiver(() => ({ status: 200, delayMs: 1_000 }));
    const service = await startWebhookDispatch({
      env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback', DELIVERY_RETRY_DELAYS_MS: RETRY_DELAYS, WEBHOOK_CONCURRENCY: '64' },
    });
    try {
      const connections = await brokerConnectionsNamed(`webhook-dispatch ${service.amqpPrefix}`);
      expect(connections.count).toBe(1);
      await expectNoneLostThrough(service, receiver, { disrupt: () => connections.forceClose() });
    } finally {
      await service.close();
      await receiver.close();
    }
  });
});

describe('the connection to RabbitMQ is cut mid-stream (a TCP proxy between the service and the broker)', () => {
  it('re-connects and loses none: each signal delivered at least once and recorded once', async () => {
    const broker = new URL(testInfrastructure.amqpUrl);
    const proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
    const receiver = await startHttpReceiver(() => ({ status: 200, delayMs: 50 }));
    broker.port = String(proxy.port);
    const service = await startWebhookDispatch({
      env: {
        AMQP_URL: broker.toString(),
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
        DELIVERY_RETRY_DELAYS_MS: RETRY_DELAYS,
        WEBHOOK_CONCURRENCY: '64',
      },
    });
    try {
      await expectNoneLostThrough(service, receiver, {
        // Every channel dies with messages unacknowledged and publishes unconfirmed; the broker is away for a second.
        async disrupt() {
          await proxy.cut();
          await eventually(() => (service.rabbit.isConnected ? undefined : true), 'the service to notice the lost connection');
        },
        async recover() {
          await sleep(1_000);
          await proxy.restore();
        },
      });
    } finally {
      await service.close();
      await receiver.close();
      await proxy.close();
    }
  });
});
