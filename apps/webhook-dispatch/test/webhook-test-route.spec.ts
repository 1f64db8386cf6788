import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { signalRecordSchema, webhookTestResultSchema } from '@radar/contracts';
import { TEST_SECRETS } from '@radar/platform/testing';
import { startHttpReceiver, type HttpReceiver } from './receivers/http-receiver';
import { countRows } from './support/stored-rows';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

let service: RunningWebhookDispatch;
let receiver: HttpReceiver;

beforeAll(async () => {
  service = await startWebhookDispatch({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback', WEBHOOK_TIMEOUT_MS: '500' } });
  receiver = await startHttpReceiver((incoming) =>
    incoming.path.endsWith('/fail') ? { status: 500, body: 'boom' } : incoming.path.endsWith('/slow') ? { status: 200, delayMs: 1_000 } : { status: 200, body: '{"received":true}' },
  );
});
afterAll(async () => {
  await receiver.close();
  await service.close();
});

const test = (webhookId: string, body?: object) => {
  const call = request(service.app).post(`/operator/v1/webhooks/${webhookId}/test`).set('authorization', `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`);
  return body ? call.send(body) : call.send();
};

async function aWebhook(path: string) {
  const created = await service.operator('/webhooks', { workspace_id: randomUUID(), url: `http://127.0.0.1:${receiver.port}${path}` });
  return { webhookId: created.body.webhook_id as string, secret: created.body.secret as string };
}

describe('POST /operator/v1/webhooks/{id}/test (radar webhook test)', () => {
  it('sends one signed test event and answers with what the receiver said', async () => {
    const path = `/hooks/${randomUUID()}/ok`;
    const hook = await aWebhook(path);
    const response = await test(hook.webhookId);
    expect(response.status).toBe(200);
    const result = webhookTestResultSchema.parse(response.body);
    expect(result).toMatchObject({
      webhook_id: hook.webhookId,
      url: `http://127.0.0.1:${receiver.port}${path}`,
      delivered: true,
      response_status: 200,
      response_body: '{"received":true}',
      error: null,
    });
    expect(result.webhook_message_id).toMatch(/^test_[0-9a-f-]{36}$/);

    const [sent] = receiver.requests.filter((incoming) => incoming.path === path);
    const verified = new Webhook(hook.secret).verify(sent!.body, sent!.headers as Record<string, string>) as { type: string; data: unknown };
    expect(sent!.headers['webhook-id']).toBe(result.webhook_message_id);
    expect(verified.type).toBe('webhook.test');
    expect(signalRecordSchema.parse(verified.data)).toMatchObject({ webhook_delivery_id: result.webhook_message_id, domain: 'example.com' });
    expect(await countRows(service.pool, 'webhook_deliveries')).toBe(0);
  });

  it('reports a failing receiver: not delivered, its status and body', async () => {
    const hook = await aWebhook(`/hooks/${randomUUID()}/fail`);
    const response = await test(hook.webhookId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ delivered: false, response_status: 500, response_body: 'boom', error: 'receiver answered 500' });
  });

  it('reports a receiver that does not answer within the timeout', async () => {
    const hook = await aWebhook(`/hooks/${randomUUID()}/slow`);
    const response = await test(hook.webhookId);
    expect(response.body).toMatchObject({ delivered: false, response_status: null, response_body: null, error: 'no answer within 500 ms' });
  });

  it('answers 404 NOT_FOUND for a webhook that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await test(id);
      expect(response.status).toBe(404);
      expect(response.body.detail.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a body with fields (422 naming the field)', async () => {
    const hook = await aWebhook(`/hooks/${randomUUID()}/ok`);
    const response = await test(hook.webhookId, { url: 'http://elsewhere/' });
    expect(response.status).toBe(422);
    expect(response.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'url' })]);
  });

  it('needs the operator secret', async () => {
    const hook = await aWebhook(`/hooks/${randomUUID()}/ok`);
    const response = await request(service.app).post(`/operator/v1/webhooks/${hook.webhookId}/test`).send();
    expect(response.status).toBe(401);
  });
});
