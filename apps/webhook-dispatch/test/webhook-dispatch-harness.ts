import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { EventPayload } from '@radar/contracts';
import { Bus } from '@radar/platform/nats';
import { RabbitMq } from '@radar/platform/rabbitmq';
import { silentLogger, startTestService, testInfrastructure, TEST_SECRETS, uniqueSuffix, type TestServiceOptions } from '@radar/platform/testing';
import { deliveryQueues } from '../src/clients/delivery-queues';
import { createWebhookDispatchService, type WebhookDispatchOptions } from '../src/service';

/** A test deployment's sealing key (tests that rotate keys make their own). */
export const TEST_WEBHOOK_SECRET_KEY = randomBytes(32).toString('base64');

/** Nothing listens here: tests that do not send email need no SMTP server. */
const NO_SMTP_SERVER = 'smtp://127.0.0.1:9';

/**
 * A running webhook-dispatch of its own (fresh database, own NATS namespace, own RabbitMQ queue
 * prefix) configured as production is (https only, public addresses only) unless `env` says
 * otherwise, with a short retry schedule, and a NATS client in its namespace.
 */
export async function startWebhookDispatch(options: TestServiceOptions & WebhookDispatchOptions = {}) {
  const amqpPrefix = `t${uniqueSuffix()}.`;
  const retryDelays = options.env?.DELIVERY_RETRY_DELAYS_MS ?? '200,400';
  const service = await startTestService(createWebhookDispatchService({ resolveHost: options.resolveHost }), {
    ...options,
    env: {
      WEBHOOK_SECRET_KEY: TEST_WEBHOOK_SECRET_KEY,
      AMQP_URL: testInfrastructure.amqpUrl,
      AMQP_PREFIX: amqpPrefix,
      SMTP_URL: NO_SMTP_SERVER,
      DELIVERY_RETRY_DELAYS_MS: retryDelays,
      DELIVERY_RETRY_JITTER: '0',
      ...options.env,
    },
  });
  const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'webhook-dispatch-test-client', namespace: service.namespace, logger: silentLogger() });
  const app = service.apps.main!;
  const updates: EventPayload<'delivery.updated'>[] = [];
  let collecting = false;
  return {
    app,
    url: service.urls.main!,
    pool: service.deps.pool,
    keyring: service.deps.keyring,
    rabbit: service.deps.rabbit,
    client,
    service,
    amqpPrefix,
    /** An operator call as the gateway's passthrough makes it. */
    operator: (path: string, body: unknown) =>
      request(app).post(`/operator/v1${path}`).set('authorization', `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`).send(body as object),
    publishSignal: (event: EventPayload<'signal.delivered'>) => client.publish('signal.delivered', event, { msgId: `signal.delivered:${event.signal.id}` }),
    publishRunCompleted: (event: EventPayload<'monitor.run.completed'>) =>
      client.publish('monitor.run.completed', event, { msgId: `monitor.run.completed:${event.runId}` }),
    /** Every `delivery.updated` the service publishes from now on, in arrival order. */
    async deliveryUpdates() {
      if (!collecting) {
        collecting = true;
        await client.consume('delivery.updated', { durable: 'test-delivery-updates' }, async (update) => {
          updates.push(update);
        });
      }
      return updates;
    },
    async close() {
      await client.close();
      await service.close();
      await RabbitMq.deleteTopology({ url: testInfrastructure.amqpUrl, prefix: amqpPrefix, queues: deliveryQueues(retryDelays.split(',').map(Number), 0) });
    },
  };
}

export type RunningWebhookDispatch = Awaited<ReturnType<typeof startWebhookDispatch>>;
