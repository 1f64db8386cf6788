import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@radar/contracts';
import { aSignalDelivered, eventually } from '@radar/platform/testing';
import { insertWebhook } from '../src/data/webhook.repository';
import { HostLookupError, type HostResolver } from '../src/domain/endpoints/endpoint-policy';
import { SEALING_CONTEXT } from '../src/domain/secrets/sealing-context';
import { generateSigningSecret } from '../src/domain/signing/signing-secret';
import { sleep } from './sleep';
import { startHttpReceiver, type HttpReceiver } from './receivers/http-receiver';
import { storedAttempts } from './support/stored-rows';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

/** DNS answers the test changes at will: what a name resolves to at registration and at delivery. */
const dns = new Map<string, string[]>();
const resolveHost: HostResolver = async (host) => {
  const addresses = dns.get(host);
  if (!addresses) throw new HostLookupError(`${host} is unknown`, false);
  return addresses;
};

let service: RunningWebhookDispatch;
let receiver: HttpReceiver;
let receiverV6: HttpReceiver | undefined;
let updates: EventPayload<'delivery.updated'>[];

beforeAll(async () => {
  // Plain http is allowed (the receivers are local); no address class besides public ones is.
  service = await startWebhookDispatch({ resolveHost, env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: '', DELIVERY_RETRY_DELAYS_MS: '100' } });
  updates = await service.deliveryUpdates();
  receiver = await startHttpReceiver();
  receiverV6 = await startHttpReceiver(undefined, '::1').catch(() => undefined);
});
afterAll(async () => {
  await receiver.close();
  await receiverV6?.close();
  await service.close();
});

/** A webhook stored before the deployment's policy refused its address (registration would refuse it now). */
async function storedWebhook(workspaceId: string, url: string): Promise<string> {
  const id = randomUUID();
  await insertWebhook(service.pool, workspaceId, { id, url, secret: service.keyring.seal(generateSigningSecret(), SEALING_CONTEXT.webhookSecret(id)) });
  return id;
}

async function deliverTo(workspaceId: string, webhookId: string) {
  const event = aSignalDelivered({ workspaceId, webhookId });
  await service.publishSignal(event);
  const final = await eventually(() => updates.find((update) => update.signalId === event.signal.id && update.deliveryStatus !== 'pending'), 'the outcome');
  const attempts = await storedAttempts(service.pool, final.webhookDeliveryId);
  return { final, attempts };
}

describe('address policy at delivery time (private, loopback, link-local refused unless allowed)', () => {
  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${receiver.port}/hook`, 'refused: host 127.0.0.1 is a loopback address, which is not accepted'],
    ['10.x', () => 'http://10.20.30.40/hook', 'refused: host 10.20.30.40 is a private address, which is not accepted'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', 'refused: host 169.254.169.254 is a link-local address, which is not accepted'],
    ['::1', () => `http://[::1]:${receiverV6?.port ?? 9}/hook`, 'refused: host ::1 is a loopback address, which is not accepted'],
  ])('refuses %s: no request is made, every attempt says why, and the delivery ends failed', async (_label, url, reason) => {
    const workspaceId = randomUUID();
    const before = receiver.requests.length + (receiverV6?.requests.length ?? 0);
    const { final, attempts } = await deliverTo(workspaceId, await storedWebhook(workspaceId, url()));
    expect(final).toMatchObject({ deliveryStatus: 'failed', responseStatus: null, attempts: 2 });
    expect(attempts.map((attempt) => [attempt.response_status, attempt.error, attempt.latency_ms])).toEqual([
      [null, reason, 0],
      [null, reason, 0],
    ]);
    expect(receiver.requests.length + (receiverV6?.requests.length ?? 0)).toBe(before);
  });

  it('refuses a name that resolved to a public address at registration and resolves to loopback at delivery (DNS rebinding)', async () => {
    const workspaceId = randomUUID();
    const host = `rebind-${randomUUID().slice(0, 8)}.example.test`;
    dns.set(host, ['93.184.215.14']);
    const created = await service.operator('/webhooks', { workspace_id: workspaceId, url: `http://${host}:${receiver.port}/hook` });
    expect(created.status).toBe(201);

    dns.set(host, ['127.0.0.1']);
    const before = receiver.requests.length;
    const { final, attempts } = await deliverTo(workspaceId, created.body.webhook_id);
    expect(final).toMatchObject({ deliveryStatus: 'failed', responseStatus: null });
    expect(attempts[0]!.error).toBe(`refused: host ${host} resolves to 127.0.0.1, a loopback address, which is not accepted`);
    await sleep(200);
    expect(receiver.requests.length).toBe(before);
  });

  it.each([['10.1.2.3'], ['169.254.169.254'], ['::1']])('refuses a name that resolves to %s at delivery', async (address) => {
    const workspaceId = randomUUID();
    const host = `inward-${randomUUID().slice(0, 8)}.example.test`;
    dns.set(host, [address]);
    const { attempts } = await deliverTo(workspaceId, await storedWebhook(workspaceId, `http://${host}/hook`));
    expect(attempts[0]!.error).toMatch(new RegExp(`^refused: host ${host.replace(/\./g, '\\.')} resolves to ${address.replace(/\./g, '\\.')}, an? (private|link-local|loopback) address`));
  });

  it('refuses a name when any of its addresses is refused, even if another is public', async () => {
    const workspaceId = randomUUID();
    const host = `mixed-${randomUUID().slice(0, 8)}.example.test`;
    dns.set(host, ['93.184.215.14', '127.0.0.1']);
    const { attempts } = await deliverTo(workspaceId, await storedWebhook(workspaceId, `http://${host}/hook`));
    expect(attempts[0]!.error).toMatch(/resolves to 127\.0\.0\.1, a loopback address/);
  });
});

describe('address policy at delivery time: https only in production', () => {
  it('refuses a stored http webhook when the deployment allows https only', async () => {
    const production = await startWebhookDispatch({ resolveHost, env: { DELIVERY_RETRY_DELAYS_MS: '100' } });
    try {
      const productionUpdates = await production.deliveryUpdates();
      const workspaceId = randomUUID();
      const id = randomUUID();
      dns.set('hooks.example.test', ['93.184.215.14']);
      await insertWebhook(production.pool, workspaceId, {
        id,
        url: 'http://hooks.example.test/hook',
        secret: production.keyring.seal(generateSigningSecret(), SEALING_CONTEXT.webhookSecret(id)),
      });
      const event = aSignalDelivered({ workspaceId, webhookId: id });
      await production.publishSignal(event);
      const final = await eventually(() => productionUpdates.find((update) => update.signalId === event.signal.id && update.deliveryStatus === 'failed'), 'the refusal');
      const [attempt] = await storedAttempts(production.pool, final.webhookDeliveryId);
      expect(attempt!.error).toBe('refused: must use https, not http');
    } finally {
      await production.close();
    }
  });
});
