import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { EventPayload } from '@radar/contracts';
import { aSignalDelivered, eventually } from '@radar/platform/testing';
import { sleep } from './sleep';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from './receivers/http-receiver';
import { countRows, storedAttempts, storedRow } from './support/stored-rows';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

type DeliveryUpdate = EventPayload<'delivery.updated'>;

/** Four attempts: the first and one after each 200 ms wait. */
const SCHEDULE = '200,200,200';

let service: RunningWebhookDispatch;
let receiver: HttpReceiver;
let updates: DeliveryUpdate[];

beforeAll(async () => {
  service = await startWebhookDispatch({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback', DELIVERY_RETRY_DELAYS_MS: SCHEDULE, WEBHOOK_TIMEOUT_MS: '1000' },
  });
  updates = await service.deliveryUpdates();
  receiver = await startHttpReceiver();
});
afterAll(async () => {
  await receiver.close();
  await service.close();
});

/** A webhook of a fresh workspace at the receiver, with its own path so each test counts its own requests. */
async function aWebhook(reply: Parameters<HttpReceiver['respondWith']>[0]) {
  const path = `/hooks/${randomUUID()}`;
  const workspaceId = randomUUID();
  const previous = receiver.requests.length;
  const current = (request: ReceivedRequest, index: number) => (request.path === path ? reply(request, index - previous) : { status: 404 });
  receiver.respondWith(current);
  const created = await service.operator('/webhooks', { workspace_id: workspaceId, url: `http://127.0.0.1:${receiver.port}${path}` });
  expect(created.status).toBe(201);
  return {
    workspaceId,
    webhookId: created.body.webhook_id as string,
    secret: created.body.secret as string,
    requests: () => receiver.requests.filter((request) => request.path === path),
  };
}

const updatesOf = (signalId: string) => updates.filter((update) => update.signalId === signalId);
const finalUpdate = (signalId: string) => eventually(() => updatesOf(signalId).find((update) => update.deliveryStatus !== 'pending'), `the final delivery.updated of ${signalId}`);

describe('webhook delivery: real RabbitMQ, NATS, PostgreSQL and a local receiver', () => {
  it('POSTs one signed request whose signature the standardwebhooks package verifies and whose body is the signal record', async () => {
    const hook = await aWebhook(() => ({ status: 200, body: 'thanks' }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);

    const [request] = await eventually(() => (hook.requests().length > 0 ? hook.requests() : undefined), 'the POST');
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    const verified = new Webhook(hook.secret).verify(request!.body, request!.headers as Record<string, string>) as Record<string, unknown>;
    const webhookId = request!.headers['webhook-id'] as string;
    expect(verified).toEqual({
      type: 'signal.delivered',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { ...event.signal, webhook_delivery_id: webhookId, delivery_status: 'pending', response_status: null },
    });
    expect(Math.abs(Number(request!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);

    expect(await finalUpdate(event.signal.id)).toEqual({
      workspaceId: hook.workspaceId,
      signalId: event.signal.id,
      webhookDeliveryId: webhookId,
      deliveryStatus: 'delivered',
      responseStatus: 200,
      attempts: 1,
    });
    expect(updatesOf(event.signal.id)).toHaveLength(1);
  });

  it('gives a receiver that fails twice then succeeds three attempts under one webhook-id, each recorded, and ends delivered with 200', async () => {
    const hook = await aWebhook((_request, index) => (index < 2 ? { status: 500, body: 'down' } : { status: 200 }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);

    const final = await finalUpdate(event.signal.id);
    expect(final).toMatchObject({ deliveryStatus: 'delivered', responseStatus: 200, attempts: 3 });
    const requests = hook.requests();
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers['webhook-id']))).toEqual(new Set([final.webhookDeliveryId]));
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    for (const request of requests) expect(() => new Webhook(hook.secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    // Pending in between, with the last status seen.
    expect(updatesOf(event.signal.id).map((update) => [update.deliveryStatus, update.responseStatus])).toEqual([
      ['pending', 500],
      ['pending', 500],
      ['delivered', 200],
    ]);

    const attempts = await storedAttempts(service.pool, final.webhookDeliveryId);
    expect(attempts.map((attempt) => [attempt.number, attempt.response_status, attempt.error])).toEqual([
      [1, 500, 'receiver answered 500'],
      [2, 500, 'receiver answered 500'],
      [3, 200, null],
    ]);
    for (const attempt of attempts) {
      expect(attempt.latency_ms).toBeGreaterThanOrEqual(0);
      expect(attempt.started_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(await storedRow(service.pool, 'webhook_deliveries', 'id = $1', [final.webhookDeliveryId])).toMatchObject({
      status: 'delivered',
      response_status: 200,
      attempts: 3,
      completed_at: expect.any(Date),
    });
  });

  it('ends failed after the (shrunk) schedule when the receiver always fails, with the last status', async () => {
    const hook = await aWebhook(() => ({ status: 503 }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);

    expect(await finalUpdate(event.signal.id)).toMatchObject({ deliveryStatus: 'failed', responseStatus: 503, attempts: 4 });
    await sleep(700);
    expect(hook.requests()).toHaveLength(4);
    const waits = hook.requests().slice(1).map((request, index) => request.at - hook.requests()[index]!.at);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(190);
  });

  it('stops at once on 410 Gone', async () => {
    const hook = await aWebhook(() => ({ status: 410 }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);

    expect(await finalUpdate(event.signal.id)).toMatchObject({ deliveryStatus: 'failed', responseStatus: 410, attempts: 1 });
    await sleep(700);
    expect(hook.requests()).toHaveLength(1);
  });

  it('counts a 3xx as a failure and does not follow the redirect', async () => {
    const hook = await aWebhook((_request, index) => (index === 0 ? { status: 302, headers: { location: '/elsewhere' } } : { status: 204 }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);

    expect(await finalUpdate(event.signal.id)).toMatchObject({ deliveryStatus: 'delivered', responseStatus: 204, attempts: 2 });
    expect(receiver.requests.some((request) => request.path === '/elsewhere')).toBe(false);
  });

  it('waits as long as Retry-After asks when that is longer than the schedule', async () => {
    const hook = await aWebhook((_request, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);

    await finalUpdate(event.signal.id);
    const [first, second] = hook.requests();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_900);
  });

  it('fails an attempt whose receiver does not answer within the timeout, with no status, and retries it', async () => {
    const hook = await aWebhook((_request, index) => (index === 0 ? { status: 200, delayMs: 1_500 } : { status: 200 }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);

    const final = await finalUpdate(event.signal.id);
    expect(final).toMatchObject({ deliveryStatus: 'delivered', attempts: 2 });
    const attempts = await storedAttempts(service.pool, final.webhookDeliveryId);
    expect(attempts[0]).toMatchObject({ response_status: null, error: 'no answer within 1000 ms' });
    expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(990);
  });

  it('makes one delivery of a signal announced twice', async () => {
    const hook = await aWebhook(() => ({ status: 200 }));
    const event = aSignalDelivered({ workspaceId: hook.workspaceId, webhookId: hook.webhookId });
    await service.publishSignal(event);
    await service.client.publish('signal.delivered', event, { msgId: `again:${event.signal.id}` });

    await finalUpdate(event.signal.id);
    await sleep(500);
    expect(hook.requests()).toHaveLength(1);
    expect(await countRows(service.pool, 'webhook_deliveries', 'signal_id = $1', [event.signal.id])).toBe(1);
    expect(updatesOf(event.signal.id)).toHaveLength(1);
  });

  it('fails at once a signal whose webhook is not in its workspace', async () => {
    const hook = await aWebhook(() => ({ status: 200 }));
    const event = aSignalDelivered({ workspaceId: randomUUID(), webhookId: hook.webhookId });
    await service.publishSignal(event);

    expect(await finalUpdate(event.signal.id)).toMatchObject({ deliveryStatus: 'failed', responseStatus: null, attempts: 1 });
    expect(hook.requests()).toHaveLength(0);
  });
});
