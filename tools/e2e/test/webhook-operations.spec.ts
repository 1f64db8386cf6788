import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { generateCompany } from '@radar/dataset';
import {
  replayResultSchema,
  signalsPageSchema,
  webhookDeliveriesPageSchema,
  webhookDeliveryDetailSchema,
  webhooksListSchema,
  webhookTestResultSchema,
  type SignalsPage,
  type WebhookDeliveriesPage,
} from '@radar/contracts';
import { createToken, createUser, workspaceWithToken } from '../src/operator-world';
import { callApi } from '../src/public-api';
import { radar, radarFails } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

/** A company of the stack provider's dataset (seed 1): the provider has events for it. */
const COMPANY = generateCompany(1, 32);

/** A receiver on loopback that fails (500) until told to recover, recording every request; it can be made slow. */
async function startReceiver() {
  const requests: { headers: IncomingHttpHeaders; body: string }[] = [];
  let status = 500;
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      const reply = status;
      setTimeout(() => res.writeHead(reply, { 'content-type': 'text/plain' }).end(reply === 200 ? 'ok' : 'down'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    requests,
    answer: (next: number) => {
      status = next;
    },
    slow: (ms: number) => {
      delayMs = ms;
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const today = () => new Date().toISOString().slice(0, 10);

describe('webhook operations through the gateway: the delivery log, redelivery, replay and the test event', () => {
  const stack = useStack();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let reader: string;
  let owner: string;
  let workspaceId: string;
  let webhookId: string;
  let secret: string;

  const get = async <T>(path: string, parse: (body: unknown) => T, token = reader): Promise<T> => {
    const response = await callApi(stack(), 'GET', path, token);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return parse(response.body);
  };
  const deliveries = (query = ''): Promise<WebhookDeliveriesPage> => get(`/webhooks/${webhookId}/deliveries${query}`, (body) => webhookDeliveriesPageSchema.parse(body));
  const signals = (): Promise<SignalsPage> => get('/signals?limit=200', (body) => signalsPageSchema.parse(body));

  beforeAll(async () => {
    receiver = await startReceiver();
    const world = await workspaceWithToken(stack(), { credits: 100, scope: 'read' });
    workspaceId = world.workspace_id;
    reader = world.token.token;
    owner = (await createToken(stack(), world.owner_user_id, 'read_write')).token;
    ({ webhook_id: webhookId, secret } = await radar<{ webhook_id: string; secret: string }>(stack(), 'webhook', 'create', '--workspace', workspaceId, '--url', receiver.url));
    const monitor = await callApi<{ id: string }>(stack(), 'POST', '/monitors', owner, {
      name: 'Hooked accounts',
      signal_types: ['news_events', 'job_openings'],
      delivery_method: 'webhook',
      webhook_id: webhookId,
      domains: [COMPANY.domain],
    });
    expect(monitor.status).toBe(201);
    const { runs } = await radar<{ runs: { new_items_total: number }[] }>(stack(), 'monitors', 'run', '--monitor', monitor.body.id);
    expect(runs[0]!.new_items_total).toBeGreaterThan(0);
  }, 180_000);
  afterAll(() => receiver?.stop());

  it('lists the webhook, never its secret, with the Webhook reads bucket (120 a minute)', async () => {
    const response = await fetch(`${stack().gatewayUrl}/api/v1/webhooks`, { headers: { authorization: `Bearer ${reader}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('120');
    const body = webhooksListSchema.parse(await response.json());
    expect(body).toEqual({ items: [{ id: webhookId, url: receiver.url, created_at: expect.any(String) }], total: 1 });
    expect(JSON.stringify(body)).not.toContain(secret);
  });

  it('shows the failed deliveries with every attempt once the receiver has failed them all, as the signals do', async () => {
    const failed = await until(() => deliveries(), (page) => page.total > 0 && page.items.every((item) => item.status === 'failed'), 'every delivery failed');
    const page = await signals();
    expect(failed.total).toBe(page.total);
    for (const item of failed.items) expect(item).toMatchObject({ attempt_count: 4, last_response_status: 500, last_error: 'non_2xx', next_attempt_at: null });
    await until(signals, (current) => current.items.every((signal) => signal.delivery_status === 'failed'), 'the signals to show failed');

    const detail = webhookDeliveryDetailSchema.parse((await callApi(stack(), 'GET', `/webhooks/${webhookId}/deliveries/${failed.items[0]!.id}`, reader)).body);
    expect(detail.attempts.map((attempt) => attempt.number)).toEqual([1, 2, 3, 4]);
    expect((await deliveries('?status=delivered')).total).toBe(0);
  });

  it('redelivers one delivery after the receiver recovers: same webhook-id and body, freshly signed, and its signal shows delivered', async () => {
    receiver.answer(200);
    const [target] = (await deliveries()).items;
    const firstRequest = receiver.requests.find((request) => request.headers['webhook-id'] === target!.id)!;
    const response = await fetch(`${stack().gatewayUrl}/api/v1/webhooks/${webhookId}/deliveries/${target!.id}/redeliver`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
    expect(await response.json()).toMatchObject({ id: target!.id, status: 'pending' });

    await until(() => deliveries(), (page) => page.items.find((item) => item.id === target!.id)?.status === 'delivered', 'the redelivery');
    const redelivered = receiver.requests.filter((request) => request.headers['webhook-id'] === target!.id).at(-1)!;
    expect(redelivered.body).toBe(firstRequest.body);
    expect(new Webhook(secret).verify(redelivered.body, redelivered.headers as Record<string, string>)).toMatchObject({ type: 'signal.delivered' });
    const signal = await until(
      signals,
      (current) => current.items.find((item) => item.webhook_delivery_id === target!.id)?.delivery_status === 'delivered',
      'its signal to show delivered',
    );
    expect(signal.items.find((item) => item.webhook_delivery_id === target!.id)).toMatchObject({ response_status: 200 });
  });

  it('replays the rest, and every signal shows delivered with 200', async () => {
    const failed = (await deliveries('?status=failed')).total;
    expect(failed).toBeGreaterThan(0);
    const replay = await callApi(stack(), 'POST', `/webhooks/${webhookId}/replay`, owner, { since: today(), until: today() });
    expect(replay.status).toBe(202);
    expect(replayResultSchema.parse(replay.body)).toEqual({ queued: failed, skipped: 0 });
    const all = (await deliveries()).total;
    await until(() => deliveries('?status=delivered'), (page) => page.total === all, 'the replay to drain');
    const page = await until(signals, (current) => current.items.every((item) => item.delivery_status === 'delivered'), 'every signal delivered');
    for (const item of page.items) expect(item).toMatchObject({ delivery_status: 'delivered', response_status: 200 });
  });

  it('sends a test event through POST /webhooks/{id}/test, not recorded', async () => {
    const before = (await deliveries()).total;
    const response = await callApi(stack(), 'POST', `/webhooks/${webhookId}/test`, owner);
    expect(response.status).toBe(200);
    const result = webhookTestResultSchema.parse(response.body);
    expect(result).toMatchObject({ webhook_id: webhookId, delivered: true, response_status: 200, response_body: 'ok', error: null });
    expect(result.webhook_message_id).toMatch(/^test_/);
    expect((await deliveries()).total).toBe(before);
  });

  it('refuses changes to a read token (403 INSUFFICIENT_SCOPE) and to a member (403 WORKSPACE_EDIT_FORBIDDEN)', async () => {
    const member = (await createToken(stack(), await createUser(stack(), workspaceId, 'member'), 'read_write')).token;
    const admin = (await createToken(stack(), await createUser(stack(), workspaceId, 'admin'), 'read_write')).token;
    for (const path of [`/webhooks/${webhookId}/test`, `/webhooks/${webhookId}/replay`, `/webhooks/${webhookId}/deliveries/${randomUUID()}/redeliver`]) {
      expect((await callApi(stack(), 'POST', path, reader, {})).body).toMatchObject({ detail: { code: 'INSUFFICIENT_SCOPE' } });
      expect((await callApi(stack(), 'POST', path, member, {})).body).toMatchObject({ detail: { code: 'WORKSPACE_EDIT_FORBIDDEN' } });
    }
    // A member may read; an admin may change.
    expect((await callApi(stack(), 'GET', `/webhooks/${webhookId}/deliveries`, member)).status).toBe(200);
    expect((await callApi(stack(), 'POST', `/webhooks/${webhookId}/replay`, admin, { since: today(), until: today(), status: 'failed' })).status).toBe(202);
  });

  it("answers 404 for another workspace's webhook and delivery, and 422 for unknown fields", async () => {
    const stranger = await workspaceWithToken(stack(), { scope: 'read_write' });
    const [delivery] = (await deliveries()).items;
    for (const [method, path] of [
      ['GET', `/webhooks/${webhookId}/deliveries`],
      ['GET', `/webhooks/${webhookId}/deliveries/${delivery!.id}`],
      ['POST', `/webhooks/${webhookId}/deliveries/${delivery!.id}/redeliver`],
      ['POST', `/webhooks/${webhookId}/test`],
    ] as const) {
      const response = await callApi(stack(), method, path, stranger.token.token);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ detail: { code: 'NOT_FOUND' } });
    }
    expect((await callApi(stack(), 'GET', '/webhooks', stranger.token.token)).body).toEqual({ items: [], total: 0 });
    const unknown = await callApi(stack(), 'POST', `/webhooks/${webhookId}/replay`, owner, { since: today(), until: today(), everything: true });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ detail: { code: 'VALIDATION_ERROR' } });
  });

  it('gives the operator the same answers with radar webhook list, deliveries, delivery, redeliver and replay', async () => {
    const listed = await radar<{ items: { id: string }[]; total: number }>(stack(), 'webhook', 'list', '--workspace', workspaceId);
    expect(listed).toMatchObject({ total: 1, items: [{ id: webhookId }] });
    const page = await radar<WebhookDeliveriesPage>(stack(), 'webhook', 'deliveries', '--webhook', webhookId, '--status', 'delivered', '--limit', '2');
    expect(page).toMatchObject({ limit: 2, offset: 0 });
    expect(page.items).toEqual((await deliveries('?status=delivered&limit=2')).items);
    const [first] = page.items;
    const detail = await radar<{ id: string; attempts: unknown[] }>(stack(), 'webhook', 'delivery', '--webhook', webhookId, '--delivery', first!.id);
    expect(detail.id).toBe(first!.id);
    expect(detail.attempts.length).toBeGreaterThanOrEqual(5);
    // A slow receiver holds the redelivery in flight while the second command runs.
    receiver.slow(5_000);
    expect(await radar(stack(), 'webhook', 'redeliver', '--webhook', webhookId, '--delivery', first!.id)).toMatchObject({ id: first!.id, status: 'pending' });
    const busy = await radarFails(stack(), ['webhook', 'redeliver', '--webhook', webhookId, '--delivery', first!.id]);
    expect(busy).toMatchObject({ code: 1, error: { code: 'DELIVERY_IN_PROGRESS' } });
    receiver.slow(0);
    const replayed = await radar<{ queued: number; skipped: number }>(stack(), 'webhook', 'replay', '--webhook', webhookId, '--since', today(), '--until', today(), '--status', 'all');
    expect(replayed.queued + replayed.skipped).toBe((await deliveries()).total);
    const bad = await radarFails(stack(), ['webhook', 'replay', '--webhook', webhookId, '--since', today()]);
    expect(bad).toMatchObject({ code: 2, error: { code: 'USAGE_ERROR' } });
  });
});
