import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@radar/contracts';
import { aSignalDelivered, eventually } from '@radar/platform/testing';
import { insertDeliveriesWithJobs, recordAttempts, type NewWebhookDelivery } from '../src/data/webhook-delivery.repository';
import { startHttpReceiver, type HttpReceiver } from './receivers/http-receiver';
import { countRows, storedAttempts, storedRow } from './support/stored-rows';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

type DeliveryUpdate = EventPayload<'delivery.updated'>;

let service: RunningWebhookDispatch;
let receiver: HttpReceiver;
let updates: DeliveryUpdate[];

beforeAll(async () => {
  service = await startWebhookDispatch({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback', DELIVERY_RETRY_DELAYS_MS: '200,200,200' },
  });
  updates = await service.deliveryUpdates();
  receiver = await startHttpReceiver();
});
afterAll(async () => {
  await receiver.close();
  await service.close();
});

/** A webhook of a fresh workspace whose requests are answered by `reply` (index: the request's number at this path). */
async function aWebhook(reply: (index: number) => { status: number }) {
  const path = `/hooks/${randomUUID()}`;
  const workspaceId = randomUUID();
  let calls = 0;
  receiver.respondWith((request) => (request.path === path ? reply(calls++) : { status: 404 }));
  const created = await service.operator('/webhooks', { workspace_id: workspaceId, url: `http://127.0.0.1:${receiver.port}${path}` });
  expect(created.status).toBe(201);
  return { workspaceId, webhookId: created.body.webhook_id as string, requests: () => receiver.requests.filter((request) => request.path === path) };
}

const finalUpdates = (signalIds: readonly string[]) =>
  eventually(
    () => {
      const wanted = new Set(signalIds);
      const final = updates.filter((update) => wanted.has(update.signalId) && update.deliveryStatus !== 'pending');
      return new Set(final.map((update) => update.signalId)).size === wanted.size ? final : undefined;
    },
    `the final delivery.updated of ${signalIds.length} signals`,
    60_000,
  );

/** How many transactions wrote the rows: rows inserted by one transaction share its xmin. */
async function transactionsThatWrote(table: 'webhook_deliveries' | 'delivery_attempts', where: string, values: unknown[]): Promise<{ rows: number; transactions: number }> {
  const { rows } = await service.pool.query<{ rows: number; transactions: number }>(
    `SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions FROM ${table} WHERE ${where}`,
    values,
  );
  return rows[0]!;
}

describe('deliveries written in shared batches (group commit)', () => {
  it('writes the deliveries of signals that arrive together in a few transactions, and delivers each once', async () => {
    const hook = await aWebhook(() => ({ status: 200 }));
    const events = Array.from({ length: 200 }, () => aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId }));
    await Promise.all(events.map((event) => service.publishSignal(event)));

    const final = await finalUpdates(events.map((event) => event.signal.id));
    expect(final).toHaveLength(200);
    expect(final.every((update) => update.deliveryStatus === 'delivered' && update.attempts === 1)).toBe(true);
    expect(new Set(hook.requests().map((request) => request.headers['webhook-id'])).size).toBe(200);

    const deliveries = await transactionsThatWrote('webhook_deliveries', 'workspace_id = $1', [hook.workspaceId]);
    expect(deliveries.rows).toBe(200);
    expect(deliveries.transactions).toBeLessThan(100);
    const attempts = await transactionsThatWrote('delivery_attempts', 'delivery_id = ANY($1::uuid[])', [final.map((update) => update.webhookDeliveryId)]);
    expect(attempts.rows).toBe(200);
    expect(attempts.transactions).toBeLessThan(100);
  });

  it('terminates an invalid event among valid ones and delivers the valid ones', async () => {
    const hook = await aWebhook(() => ({ status: 200 }));
    const events = Array.from({ length: 20 }, () => aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId }));
    const invalid = { ...aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId }), runId: 'not-a-uuid' };
    const jetstream = service.client.connection.jetstream();
    await Promise.all([
      ...events.map((event) => service.publishSignal(event)),
      jetstream.publish(service.client.subject('signal.delivered'), Buffer.from(JSON.stringify(invalid))),
    ]);

    await finalUpdates(events.map((event) => event.signal.id));
    expect(await countRows(service.pool, 'webhook_deliveries', 'signal_id = $1', [invalid.signal.id])).toBe(0);
    expect(hook.requests()).toHaveLength(20);
  });

  it('makes one delivery of a signal announced twice at the same moment, beside others', async () => {
    const hook = await aWebhook(() => ({ status: 200 }));
    const events = Array.from({ length: 20 }, () => aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId }));
    const twice = events[7]!;
    await Promise.all([
      ...events.map((event) => service.publishSignal(event)),
      service.client.publish('signal.delivered', twice, { msgId: `again:${twice.signal.id}` }),
    ]);

    await finalUpdates(events.map((event) => event.signal.id));
    expect(await countRows(service.pool, 'webhook_deliveries', 'signal_id = $1', [twice.signal.id])).toBe(1);
    expect(hook.requests().filter((request) => request.body.includes(twice.signal.id))).toHaveLength(1);
    expect(updates.filter((update) => update.signalId === twice.signal.id)).toHaveLength(1);
  });

  it('delivers the rest of a batch whose one row the database refuses, and that one once the database takes it', async () => {
    const hook = await aWebhook(() => ({ status: 200 }));
    const events = Array.from({ length: 20 }, () => aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId }));
    const refused = events[3]!;
    const trigger = `refuse_${refused.signal.id.replace(/-/g, '')}`;
    await service.pool.query(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.signal_id = '${refused.signal.id}' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$`);
    await service.pool.query(`CREATE TRIGGER ${trigger} BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
    try {
      await Promise.all(events.map((event) => service.publishSignal(event)));
      const others = events.filter((event) => event !== refused).map((event) => event.signal.id);
      await finalUpdates(others);
      expect(await countRows(service.pool, 'webhook_deliveries', 'signal_id = $1', [refused.signal.id])).toBe(0);
    } finally {
      await service.pool.query(`DROP TRIGGER ${trigger} ON webhook_deliveries`);
      await service.pool.query(`DROP FUNCTION ${trigger}()`);
    }
    // The refused event was not acknowledged: JetStream delivers it again.
    const [final] = await finalUpdates([refused.signal.id]);
    expect(final).toMatchObject({ deliveryStatus: 'delivered', attempts: 1 });
    expect(hook.requests()).toHaveLength(20);
  });

  it('records every attempt of deliveries retried together once, numbered without gaps, with one update each', async () => {
    const hook = await aWebhook((index) => ({ status: index < 30 ? 500 : 200 }));
    const events = Array.from({ length: 30 }, () => aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId }));
    await Promise.all(events.map((event) => service.publishSignal(event)));

    const final = await finalUpdates(events.map((event) => event.signal.id));
    expect(final.every((update) => update.deliveryStatus === 'delivered' && update.attempts === 2)).toBe(true);
    const ids = final.map((update) => update.webhookDeliveryId);
    const { rows } = await service.pool.query<{ delivery_id: string; numbers: number[] }>(
      'SELECT delivery_id, array_agg(number ORDER BY number) AS numbers FROM delivery_attempts WHERE delivery_id = ANY($1::uuid[]) GROUP BY delivery_id',
      [ids],
    );
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.numbers.join() === '1,2')).toBe(true);
    const pendingUpdates = updates.filter((update) => ids.includes(update.webhookDeliveryId) && update.deliveryStatus === 'pending');
    expect(pendingUpdates).toHaveLength(30);
  });
});

describe('webhook deliveries written many rows per statement', () => {
  const aNewDelivery = (signalId: string = randomUUID()): NewWebhookDelivery => ({
    id: randomUUID(),
    signalId,
    workspaceId: randomUUID(),
    webhookId: randomUUID(),
    runId: randomUUID(),
    body: '{}',
    traceContext: null,
  });

  it('creates one delivery and one job per signal when a batch holds the same signal twice or one already delivered', async () => {
    const known = aNewDelivery();
    expect(await insertDeliveriesWithJobs(service.pool, [known])).toEqual([true]);
    const fresh = aNewDelivery();
    const again = aNewDelivery(fresh.signalId);
    const repeated = aNewDelivery(known.signalId);

    expect(await insertDeliveriesWithJobs(service.pool, [fresh, repeated, again])).toEqual([true, false, false]);
    const { rows } = await service.pool.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM queue_outbox WHERE message->>'deliveryId' = ANY($1::text[])",
      [[known.id, fresh.id, again.id, repeated.id]],
    );
    // The service's relay may already have published some; none beyond one per created delivery can exist.
    expect(rows[0]!.count).toBeLessThanOrEqual(2);
    expect(await countRows(service.pool, 'webhook_deliveries', 'signal_id = ANY($1::uuid[])', [[known.signalId, fresh.signalId]])).toBe(2);
  });

  it('numbers two attempts of one delivery in one batch in order, and changes its state only while it is pending', async () => {
    const delivery = aNewDelivery();
    await insertDeliveriesWithJobs(service.pool, [delivery]);
    const attempt = (status: 'delivered' | 'pending', responseStatus: number) => ({
      record: { deliveryId: delivery.id, startedAt: new Date(), responseStatus, latencyMs: 3, error: null },
      outcome: { status, responseStatus, error: null, nextAttemptAt: null },
    });

    const recorded = await service.pool.connect().then(async (client) => {
      try {
        return await recordAttempts(client, [attempt('delivered', 200), attempt('pending', 500)]);
      } finally {
        client.release();
      }
    });
    expect(recorded).toEqual([
      { attempts: 1, changed: true },
      { attempts: 2, changed: false },
    ]);
    expect(await storedRow(service.pool, 'webhook_deliveries', 'id = $1', [delivery.id])).toMatchObject({ status: 'delivered', response_status: 200, attempts: 2 });
    const numbers = await storedAttempts(service.pool, delivery.id);
    expect(numbers.map((row) => [row.number, row.response_status])).toEqual([
      [1, 200],
      [2, 500],
    ]);
  });
});
