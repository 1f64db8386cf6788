import { randomUUID } from 'node:crypto';
import { aSignalDelivered, currentMetricSamples, eventually, sampleValue } from '@radar/platform/testing';
import { startHttpReceiver, type HttpReceiver } from './receivers/http-receiver';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

let service: RunningWebhookDispatch;
let receiver: HttpReceiver;

beforeAll(async () => {
  service = await startWebhookDispatch({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback', DELIVERY_RETRY_DELAYS_MS: '100,100', WEBHOOK_TIMEOUT_MS: '1000' },
  });
  receiver = await startHttpReceiver();
});
afterAll(async () => {
  await receiver.close();
  await service.close();
});

const webhookAttempts = async () => {
  const samples = await currentMetricSamples();
  const outcome = (name: string) => sampleValue(samples, 'radar_delivery_attempts_total', { channel: 'webhook', outcome: name }) ?? 0;
  return { delivered: outcome('delivered'), retrying: outcome('retrying'), failed: outcome('failed') };
};

describe('delivery attempts on /metrics', () => {
  it('counts each webhook attempt by its outcome: retried twice then delivered; failed on every attempt', async () => {
    const workspaceId = randomUUID();
    const hook = async (path: string) => {
      const created = await service.operator('/webhooks', { workspace_id: workspaceId, url: `http://127.0.0.1:${receiver.port}${path}` });
      expect(created.status).toBe(201);
      return created.body.webhook_id as string;
    };
    let flakyCalls = 0;
    receiver.respondWith((request) => {
      if (request.path === '/flaky') return { status: ++flakyCalls <= 2 ? 503 : 200 };
      return { status: 500 };
    });
    const before = await webhookAttempts();

    await service.publishSignal(aSignalDelivered({ workspaceId, webhookId: await hook('/flaky') }));
    await service.publishSignal(aSignalDelivered({ workspaceId, webhookId: await hook('/down') }));

    // Three attempts each (the first and two retries): 2 retrying + 1 delivered, and 2 retrying + 1 failed.
    const after = await eventually(async () => {
      const now = await webhookAttempts();
      return now.delivered - before.delivered === 1 && now.failed - before.failed === 1 ? now : undefined;
    }, 'both deliveries to end');
    expect(after).toEqual({ delivered: before.delivered + 1, retrying: before.retrying + 4, failed: before.failed + 1 });
  });

  it('reports the depth and consumers of each delivery queue it consumes, from the broker at each scrape', async () => {
    const samples = await currentMetricSamples();
    const queue = `${service.amqpPrefix}delivery.webhook`;
    expect(sampleValue(samples, 'radar_rabbitmq_queue_consumers', { queue })).toBe(1);
    expect(sampleValue(samples, 'radar_rabbitmq_queue_messages', { queue: `${queue}.dead-letter` })).toBe(0);
  });
});
