import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  webhookDeliveriesPageSchema,
  webhookDeliveryDetailSchema,
  webhookDeliverySchema,
  webhooksListSchema,
  webhookTestResultSchema,
  type EventPayload,
  type WebhookDeliveryView,
} from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { aCaller, aSignalDelivered, eventually, TEST_SECRETS } from '@radar/platform/testing';
import { startHttpReceiver, type HttpReceiver, type Reply } from './receivers/http-receiver';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

/** Three attempts: the first and one after each 200 ms wait. */
const SCHEDULE = '200,200';
const REPLAY_RATE = 20;

let service: RunningWebhookDispatch;
let receiver: HttpReceiver;
let updates: EventPayload<'delivery.updated'>[];
/** What each path's receiver answers now; tests switch it to make a receiver fail or recover. */
const replies = new Map<string, Reply>();

beforeAll(async () => {
  service = await startWebhookDispatch({
    env: {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
      DELIVERY_RETRY_DELAYS_MS: SCHEDULE,
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_REPLAY_RATE_PER_SECOND: String(REPLAY_RATE),
    },
  });
  updates = await service.deliveryUpdates();
  receiver = await startHttpReceiver((incoming) => replies.get(incoming.path) ?? { status: 404 });
});
afterAll(async () => {
  await receiver.close();
  await service.close();
});

const today = () => new Date().toISOString().slice(0, 10);

/** Calls as the gateway forwards them, for a caller of the workspace. */
function api(workspaceId: string) {
  const headers = signCaller(aCaller(workspaceId, { scope: 'read_write', role: 'owner' }), TEST_SECRETS.INTERNAL_SIGNING_SECRET);
  return {
    get: (path: string, query: Record<string, string | number> = {}) => request(service.app).get(path).query(query).set(headers),
    post: (path: string, body?: object) => request(service.app).post(path).set(headers).send(body),
  };
}

/** A webhook of a fresh workspace at its own path of the receiver, answering `reply` until told otherwise. */
async function aWebhook(reply: Reply) {
  const path = `/hooks/${randomUUID()}`;
  replies.set(path, reply);
  const workspaceId = randomUUID();
  const created = await service.operator('/webhooks', { workspace_id: workspaceId, url: `http://127.0.0.1:${receiver.port}${path}` });
  expect(created.status).toBe(201);
  const webhookId = created.body.webhook_id as string;
  return {
    workspaceId,
    webhookId,
    secret: created.body.secret as string,
    url: `http://127.0.0.1:${receiver.port}${path}`,
    api: api(workspaceId),
    answer: (next: Reply) => replies.set(path, next),
    requests: () => receiver.requests.filter((incoming) => incoming.path === path),
    /** Sends a new signal to the webhook; answers its signal id. */
    async signal(): Promise<string> {
      const event = aSignalDelivered({ workspaceId, webhookId });
      await service.publishSignal(event);
      return event.signal.id;
    },
    async deliveries(query: Record<string, string | number> = {}) {
      const response = await api(workspaceId).get(`/webhooks/${webhookId}/deliveries`, query);
      expect(response.status).toBe(200);
      return webhookDeliveriesPageSchema.parse(response.body);
    },
    async delivery(deliveryId: string) {
      const response = await api(workspaceId).get(`/webhooks/${webhookId}/deliveries/${deliveryId}`);
      expect(response.status).toBe(200);
      return webhookDeliveryDetailSchema.parse(response.body);
    },
  };
}

type TestWebhook = Awaited<ReturnType<typeof aWebhook>>;

/** Waits until the signal's delivery exists and `check` accepts it. */
async function deliveryOf(hook: TestWebhook, signalId: string, check: (delivery: WebhookDeliveryView) => boolean, what: string) {
  return eventually(async () => {
    const page = await hook.deliveries({ limit: 200 });
    const delivery = page.items.find((item) => item.signal_id === signalId);
    return delivery && check(delivery) ? delivery : undefined;
  }, what);
}

const verify = (hook: TestWebhook, incoming: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(hook.secret).verify(incoming.body, incoming.headers as Record<string, string>);

describe('the delivery log, redelivery and replay (real RabbitMQ, PostgreSQL, NATS and a local receiver)', () => {
  it('logs every attempt of an exhausted delivery, then redelivers it as a first attempt would be sent once the receiver recovers', async () => {
    const hook = await aWebhook({ status: 500, body: 'down' });
    const signalId = await hook.signal();
    const failed = await deliveryOf(hook, signalId, (delivery) => delivery.status === 'failed', 'the delivery to fail');
    expect(failed).toMatchObject({ attempt_count: 3, last_response_status: 500, last_error: 'non_2xx', next_attempt_at: null, delivered_at: null });

    const detail = await hook.delivery(failed.id);
    expect(detail.attempts.map((attempt) => [attempt.number, attempt.response_status, attempt.error])).toEqual([
      [1, 500, 'non_2xx'],
      [2, 500, 'non_2xx'],
      [3, 500, 'non_2xx'],
    ]);
    const [first] = hook.requests();

    hook.answer({ status: 204 });
    const redelivered = await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${failed.id}/redeliver`);
    expect(redelivered.status).toBe(202);
    expect(webhookDeliverySchema.parse(redelivered.body)).toMatchObject({ id: failed.id, status: 'pending', attempt_count: 3 });

    const delivered = await deliveryOf(hook, signalId, (delivery) => delivery.status === 'delivered', 'the redelivery');
    expect(delivered).toMatchObject({ attempt_count: 4, last_response_status: 204, last_error: null, next_attempt_at: null });
    expect(delivered.delivered_at).not.toBeNull();
    const requests = hook.requests();
    expect(requests).toHaveLength(4);
    const last = requests[3]!;
    // The same webhook-id and body bytes, freshly signed: the standardwebhooks package verifies it.
    expect(last.headers['webhook-id']).toBe(failed.id);
    expect(last.body).toBe(first!.body);
    expect(verify(hook, last)).toMatchObject({ type: 'signal.delivered', data: { id: signalId, webhook_delivery_id: failed.id } });
    const attempts = (await hook.delivery(failed.id)).attempts;
    expect(attempts.map((attempt) => [attempt.number, attempt.response_status, attempt.error])).toContainEqual([4, 204, null]);

    const final = await eventually(() => updates.find((update) => update.signalId === signalId && update.attempts === 4), 'the redelivery\'s delivery.updated');
    expect(final).toMatchObject({ webhookDeliveryId: failed.id, deliveryStatus: 'delivered', responseStatus: 204 });
  });

  it('keeps a delivered delivery delivered when a redelivery fails, with the last answer shown', async () => {
    const hook = await aWebhook({ status: 200 });
    const signalId = await hook.signal();
    const delivered = await deliveryOf(hook, signalId, (delivery) => delivery.status === 'delivered', 'the delivery');
    hook.answer({ status: 503 });
    expect((await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${delivered.id}/redeliver`)).status).toBe(202);
    const after = await deliveryOf(hook, signalId, (delivery) => delivery.attempt_count === 2 && delivery.status !== 'pending', 'the redelivery to be recorded');
    expect(after).toMatchObject({ status: 'delivered', last_response_status: 503, last_error: 'non_2xx', delivered_at: delivered.delivered_at });
    // Not retried: one request for the redelivery, however long we wait for a retry that never comes.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(hook.requests()).toHaveLength(2);
  });

  it('answers 409 DELIVERY_IN_PROGRESS to a redeliver while an attempt is in flight or a redelivery is queued', async () => {
    const hook = await aWebhook({ status: 200, delayMs: 1_000 });
    const signalId = await hook.signal();
    const inFlight = await deliveryOf(hook, signalId, () => hook.requests().length === 1, 'the first attempt to be in flight');
    const refused = await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${inFlight.id}/redeliver`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail.code).toBe('DELIVERY_IN_PROGRESS');

    await deliveryOf(hook, signalId, (delivery) => delivery.status === 'delivered', 'the first attempt to end');
    expect((await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${inFlight.id}/redeliver`)).status).toBe(202);
    const again = await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${inFlight.id}/redeliver`);
    expect(again.status).toBe(409);
    expect(again.body.detail.code).toBe('DELIVERY_IN_PROGRESS');
  });

  it('lets a redelivery go before a scheduled retry that waits: pending while the schedule goes on, delivered once one succeeds', async () => {
    const hook = await aWebhook({ status: 503, headers: { 'retry-after': '30' } });
    const signalId = await hook.signal();
    const waiting = await deliveryOf(hook, signalId, (delivery) => delivery.attempt_count === 1, 'the first attempt');
    expect(waiting.status).toBe('pending');
    expect(Date.parse(waiting.next_attempt_at!)).toBeGreaterThan(Date.now() + 20_000);

    expect((await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${waiting.id}/redeliver`)).status).toBe(202);
    const stillPending = await deliveryOf(hook, signalId, (delivery) => delivery.attempt_count === 2, 'the failed redelivery');
    expect(stillPending).toMatchObject({ status: 'pending', last_response_status: 503, next_attempt_at: waiting.next_attempt_at });

    hook.answer({ status: 200 });
    expect((await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${waiting.id}/redeliver`)).status).toBe(202);
    const delivered = await deliveryOf(hook, signalId, (delivery) => delivery.status === 'delivered', 'the redelivery');
    expect(delivered).toMatchObject({ attempt_count: 3, last_response_status: 200, next_attempt_at: null });
    const update = await eventually(() => updates.find((item) => item.signalId === signalId && item.attempts === 3), 'its delivery.updated');
    expect(update).toMatchObject({ deliveryStatus: 'delivered', responseStatus: 200 });
  });

  it('replays the failed deliveries of the days, oldest first and paced, and a repeated replay queues nothing twice', async () => {
    const hook = await aWebhook({ status: 500 });
    const signalIds: string[] = [];
    for (let index = 0; index < 6; index++) signalIds.push(await hook.signal());
    const delivered = await hook.signal();
    await eventually(async () => {
      const page = await hook.deliveries({ status: 'failed' });
      return page.total === 7 ? page : undefined;
    }, 'seven failed deliveries');
    // One of them delivered by a redelivery first: a failed-only replay leaves it out.
    hook.answer({ status: 200 });
    const deliveredId = (await deliveryOf(hook, delivered, () => true, 'its delivery')).id;
    expect((await hook.api.post(`/webhooks/${hook.webhookId}/deliveries/${deliveredId}/redeliver`)).status).toBe(202);
    await deliveryOf(hook, delivered, (delivery) => delivery.status === 'delivered', 'the redelivery');
    const before = hook.requests().length;

    const replay = await hook.api.post(`/webhooks/${hook.webhookId}/replay`, { since: today(), until: today() });
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual({ queued: 6, skipped: 0 });
    const repeated = await hook.api.post(`/webhooks/${hook.webhookId}/replay`, { since: today(), until: today(), status: 'failed' });
    expect(repeated.body).toEqual({ queued: 0, skipped: 6 });
    expect((await hook.deliveries({ status: 'pending' })).total).toBeGreaterThanOrEqual(5);

    await eventually(async () => ((await hook.deliveries({ status: 'delivered' })).total === 7 ? true : undefined), 'every replayed delivery delivered');
    const replayed = hook.requests().slice(before);
    expect(replayed).toHaveLength(6);
    // Oldest first, each once, each verified; paced at REPLAY_RATE a second.
    const page = await hook.deliveries();
    const oldestFirst = [...page.items].reverse().filter((item) => item.id !== deliveredId).map((item) => item.id);
    expect(replayed.map((incoming) => incoming.headers['webhook-id'])).toEqual(oldestFirst);
    for (const incoming of replayed) expect(verify(hook, incoming)).toMatchObject({ type: 'signal.delivered' });
    const spreadMs = replayed[5]!.at - replayed[0]!.at;
    expect(spreadMs).toBeGreaterThanOrEqual((5 * 1_000) / REPLAY_RATE - 60);

    const everything = await hook.api.post(`/webhooks/${hook.webhookId}/replay`, { since: today(), until: today(), status: 'all' });
    expect(everything.body).toEqual({ queued: 7, skipped: 0 });
    await eventually(async () => ((await hook.deliveries({ status: 'pending' })).total === 0 ? true : undefined), 'the second replay to drain');
    expect(hook.requests().length - before).toBe(13);
  });

  it('refuses a replay of more than 10,000 deliveries with 422 naming until, and checks its body', async () => {
    const hook = await aWebhook({ status: 200 });
    await service.pool.query(
      `INSERT INTO webhook_deliveries (id, signal_id, workspace_id, webhook_id, run_id, body, status, attempts, created_at)
       SELECT gen_random_uuid(), gen_random_uuid(), $1, $2, gen_random_uuid(), '{}', 'failed', 8, now() - interval '1 day'
       FROM generate_series(1, 10001)`,
      [hook.workspaceId, hook.webhookId],
    );
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tooMany = await hook.api.post(`/webhooks/${hook.webhookId}/replay`, { since: yesterday, until: yesterday });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail.code).toBe('VALIDATION_ERROR');
    expect(tooMany.body.detail.details.errors[0].field).toBe('until');
    expect((await hook.deliveries({ status: 'pending' })).total).toBe(0);

    for (const [body, field] of [
      [{ since: today() }, 'until'],
      [{ since: today(), until: today(), extra: 1 }, ''],
      [{ since: today(), until: today(), status: 'pending' }, 'status'],
      [{ since: '2026-02-30', until: today() }, 'since'],
      [{ since: today(), until: '2020-01-01' }, 'since'],
    ] as const) {
      const refused = await hook.api.post(`/webhooks/${hook.webhookId}/replay`, body);
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body.detail)).toContain(field || 'extra');
    }
  });

  it('lists deliveries newest first with status and day filters and paging', async () => {
    const hook = await aWebhook({ status: 200 });
    for (let index = 0; index < 3; index++) await hook.signal();
    await eventually(async () => ((await hook.deliveries({ status: 'delivered' })).total === 3 ? true : undefined), 'three deliveries');
    await service.pool.query(
      `INSERT INTO webhook_deliveries (id, signal_id, workspace_id, webhook_id, run_id, body, status, attempts, last_error, response_status, created_at)
       VALUES (gen_random_uuid(), gen_random_uuid(), $1, $2, gen_random_uuid(), '{}', 'failed', 8, 'no answer within 15000 ms', NULL, '2026-11-01T23:59:59.999Z')`,
      [hook.workspaceId, hook.webhookId],
    );
    const all = await hook.deliveries();
    expect(all).toMatchObject({ total: 4, limit: 50, offset: 0 });
    const created = all.items.map((item) => item.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.items[3]).toMatchObject({ status: 'failed', last_error: 'timeout', last_response_status: null, created_at: '2026-11-01T23:59:59.999Z' });

    expect((await hook.deliveries({ status: 'failed' })).items.map((item) => item.status)).toEqual(['failed']);
    expect((await hook.deliveries({ since: '2026-11-01', until: '2026-11-01' })).total).toBe(1);
    expect((await hook.deliveries({ since: '2026-11-02', until: today() })).total).toBe(3);
    expect((await hook.deliveries({ until: '2026-10-31' })).total).toBe(0);
    const second = await hook.deliveries({ limit: 2, offset: 2 });
    expect(second).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(second.items.map((item) => item.id)).toEqual(all.items.slice(2).map((item) => item.id));

    const invalid: Record<string, string | number>[] = [{ limit: 0 }, { limit: 201 }, { offset: -1 }, { status: 'all' }, { since: 'yesterday' }];
    for (const query of invalid) {
      const refused = await hook.api.get(`/webhooks/${hook.webhookId}/deliveries`, query);
      expect(refused.status).toBe(422);
      expect(refused.body.detail.message).toContain(Object.keys(query)[0]);
    }
  });

  it('lists the workspace\'s webhooks without their secrets', async () => {
    const hook = await aWebhook({ status: 200 });
    const response = await hook.api.get('/webhooks');
    expect(response.status).toBe(200);
    expect(webhooksListSchema.parse(response.body)).toEqual({ items: [{ id: hook.webhookId, url: hook.url, created_at: expect.any(String) }], total: 1 });
    expect(JSON.stringify(response.body)).not.toContain('whsec_');
  });

  it("answers 404 for another workspace's webhook or delivery, and for ids that are not ids", async () => {
    const hook = await aWebhook({ status: 200 });
    const signalId = await hook.signal();
    const delivery = await deliveryOf(hook, signalId, (item) => item.status === 'delivered', 'the delivery');
    const stranger = api(randomUUID());
    const other = await aWebhook({ status: 200 });
    const calls = [
      stranger.get(`/webhooks/${hook.webhookId}/deliveries`),
      stranger.get(`/webhooks/${hook.webhookId}/deliveries/${delivery.id}`),
      stranger.post(`/webhooks/${hook.webhookId}/deliveries/${delivery.id}/redeliver`),
      stranger.post(`/webhooks/${hook.webhookId}/replay`, { since: today(), until: today() }),
      stranger.post(`/webhooks/${hook.webhookId}/test`),
      // The workspace's own other webhook does not hold this delivery either.
      other.api.get(`/webhooks/${other.webhookId}/deliveries/${delivery.id}`),
      other.api.post(`/webhooks/${other.webhookId}/deliveries/${delivery.id}/redeliver`),
      hook.api.get(`/webhooks/not-a-uuid/deliveries`),
      hook.api.get(`/webhooks/${hook.webhookId}/deliveries/${randomUUID()}`),
    ];
    for (const call of calls) {
      const response = await call;
      expect(response.status).toBe(404);
      expect(response.body.detail.code).toBe('NOT_FOUND');
    }
    expect((await stranger.get('/webhooks')).body).toEqual({ items: [], total: 0 });
  });

  it('refuses a call without the gateway\'s signed identity', async () => {
    const response = await request(service.app).get('/webhooks');
    expect(response.status).toBe(401);
  });

  it('sends a signed webhook.test event, not retried and not recorded, and answers what the receiver said', async () => {
    const hook = await aWebhook({ status: 503, body: 'x'.repeat(20_000) });
    const response = await hook.api.post(`/webhooks/${hook.webhookId}/test`);
    expect(response.status).toBe(200);
    const result = webhookTestResultSchema.parse(response.body);
    expect(result).toMatchObject({ webhook_id: hook.webhookId, url: hook.url, delivered: false, response_status: 503, error: 'receiver answered 503' });
    expect(result.response_body).toHaveLength(16 * 1024);
    expect(result.webhook_message_id).toMatch(/^test_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [sent] = hook.requests();
    expect(sent!.headers['webhook-id']).toBe(result.webhook_message_id);
    expect(verify(hook, sent!)).toMatchObject({ type: 'webhook.test' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hook.requests()).toHaveLength(1);
    expect((await hook.deliveries()).total).toBe(0);

    const unknownField = await hook.api.post(`/webhooks/${hook.webhookId}/test`, { url: 'http://elsewhere' });
    expect(unknownField.status).toBe(422);
  });

  it('purges deliveries and their attempts past the retention, and nothing younger', async () => {
    const hook = await aWebhook({ status: 200 });
    const signalId = await hook.signal();
    await deliveryOf(hook, signalId, (item) => item.status === 'delivered', 'a recent delivery');
    const old = randomUUID();
    await service.pool.query(
      `INSERT INTO webhook_deliveries (id, signal_id, workspace_id, webhook_id, run_id, body, status, attempts, created_at)
       VALUES ($3, gen_random_uuid(), $1, $2, gen_random_uuid(), '{}', 'delivered', 1, now() - interval '31 days')`,
      [hook.workspaceId, hook.webhookId, old],
    );
    await service.pool.query(`INSERT INTO delivery_attempts (delivery_id, number, started_at, response_status, latency_ms) VALUES ($1, 1, now() - interval '31 days', 200, 5)`, [old]);
    const run = await service.service.deps.purgeExpired();
    expect(run).toMatchObject({ ran: true });
    const left = await service.pool.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE webhook_id = $1', [hook.webhookId]);
    expect(left.rows.map((row) => row.id)).not.toContain(old);
    expect(left.rows).toHaveLength(1);
    expect((await service.pool.query('SELECT 1 FROM delivery_attempts WHERE delivery_id = $1', [old])).rowCount).toBe(0);
  });
});
