import { randomBytes } from 'node:crypto';
import { QUEUES, REDELIVERY_RETRY_DELAYS_MS, type EventPayload, type QueueName } from '@radar/contracts';
import { freePort, ServiceProcess, startLocalMail } from '@radar/e2e';
import { Bus } from '@radar/platform/nats';
import { dropDatabase } from '@radar/platform/prisma';
import { RabbitMq, type QueueRetryPolicy } from '@radar/platform/rabbitmq';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';

export interface BenchWebhookDispatchOptions {
  /** The database is named this, with a suffix of the run's own. */
  databaseName: string;
  /** DELIVERY_RETRY_DELAYS_MS of the run. */
  retryDelays: string;
  /** Further variables of the run. */
  env?: Record<string, string>;
}

/** A running webhook-dispatch of a benchmark, with a NATS client in its namespace. */
export interface BenchWebhookDispatch {
  url: string;
  databaseUrl: string;
  /** Signs the public /webhooks requests the benchmark makes as the gateway would. */
  internalSigningSecret: string;
  bus: Bus;
  /** A webhook of the workspace to the receiver's URL, through the operator route; answers its id. */
  createWebhook(workspaceId: string, receiverUrl: string): Promise<string>;
  publishSignal(event: EventPayload<'signal.delivered'>): Promise<void>;
  /** Stops the service and removes what the run made: streams, database, queues. */
  stop(): Promise<void>;
}

/**
 * The built webhook-dispatch as production runs it (a process, its own database, NATS namespace
 * and queues, a local mail server), allowed to send over http to loopback receivers.
 */
export async function startBenchWebhookDispatch(options: BenchWebhookDispatchOptions): Promise<BenchWebhookDispatch> {
  const suffix = uniqueSuffix();
  const namespace = `bench${suffix}.`;
  const database = new URL(testInfrastructure.postgresUrl);
  database.pathname = `/${options.databaseName}_${suffix}`;
  const mail = await startLocalMail();
  const operatorSecret = randomBytes(32).toString('base64url');
  const internalSigningSecret = randomBytes(32).toString('base64url');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const service = ServiceProcess.start('webhook-dispatch', {
    PATH: process.env.PATH ?? '',
    NATS_URL: testInfrastructure.natsUrl,
    NATS_NAMESPACE: namespace,
    AMQP_URL: testInfrastructure.amqpUrl,
    AMQP_PREFIX: namespace,
    SMTP_URL: mail.mail.url,
    WEBHOOK_DISPATCH_DATABASE_URL: database.toString(),
    WEBHOOK_DISPATCH_PORT: String(port),
    WEBHOOK_DISPATCH_HOST: '127.0.0.1',
    OPERATOR_SECRET: operatorSecret,
    INTERNAL_SIGNING_SECRET: internalSigningSecret,
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
    DELIVERY_RETRY_DELAYS_MS: options.retryDelays,
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: `bench-${options.databaseName}`, namespace, logger: silentLogger() });
  const stop = async () => {
    await bus.deleteStreams().catch(() => undefined);
    await bus.close();
    await service.stop();
    await mail.stop();
    await dropDatabase(database.toString()).catch(() => undefined);
    // The service declares every queue with the run's schedule, and redeliveries with their own.
    const policy: QueueRetryPolicy = { retryDelaysMs: options.retryDelays.split(',').map(Number) };
    const queues: Partial<Record<QueueName, QueueRetryPolicy>> = Object.fromEntries((Object.keys(QUEUES) as QueueName[]).map((name) => [name, policy]));
    queues['delivery.webhook_redelivery'] = { retryDelaysMs: [...REDELIVERY_RETRY_DELAYS_MS] };
    await RabbitMq.deleteTopology({ url: testInfrastructure.amqpUrl, prefix: namespace, queues }).catch(() => undefined);
  };
  try {
    await service.waitUntilReady(url);
    await bus.ensureStreams(['SIGNALS', 'DELIVERIES']);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    databaseUrl: database.toString(),
    internalSigningSecret,
    bus,
    async createWebhook(workspaceId, receiverUrl) {
      const created = await fetch(`${url}/operator/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorSecret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workspace_id: workspaceId, url: receiverUrl }),
      });
      if (created.status !== 201) throw new Error(`webhook create: ${created.status} ${await created.text()}`);
      return ((await created.json()) as { webhook_id: string }).webhook_id;
    },
    publishSignal: (event) => bus.publish('signal.delivered', event, { msgId: `signal.delivered:${event.signal.id}` }),
    stop,
  };
}
