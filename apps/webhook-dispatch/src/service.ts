import path from 'node:path';
import { OutboxRelay } from '@radar/platform/outbox';
import { defineService, runService } from '@radar/platform/service';
import { SingleRunner } from '@radar/platform/single-runner';
import { DigestMailer } from './clients/digest-mailer';
import { connectDeliveryQueues } from './clients/delivery-queues';
import { systemHostResolver } from './clients/host-resolver';
import { OutboundClient } from './clients/outbound-client';
import { webhookDispatchConfig } from './config';
import type { HostResolver } from './domain/endpoints/endpoint-policy';
import { SecretKeyring } from './domain/secrets/secret-keyring';
import { deliveryClock } from './events/delivery-clock';
import { consumeDeliveryJobs } from './events/delivery-jobs.consumers';
import { consumeDeliveryEvents } from './events/delivery.consumers';
import { JobRelay } from './events/job-relay';
import { serveRegistryRpc } from './events/registry.rpc';
import { operatorRoutes } from './http/operator.routes';
import { webhooksRoutes } from './http/webhooks.routes';
import { createDeliveryBatches, drainDeliveryBatches } from './use-cases/delivery-batches';
import type { DeliveryDeps } from './use-cases/delivery-deps';

export interface WebhookDispatchOptions {
  /** Replaces the system resolver (tests of names that resolve to private addresses). */
  resolveHost?: HostResolver;
}

/**
 * Of the shutdown grace, what is kept for relaying the outcomes handlers just recorded and closing
 * the rest; the remainder lets webhook requests in flight finish (up to WEBHOOK_TIMEOUT_MS).
 */
const RELAYS_AND_CLOSE_MS = 5_000;

export const createWebhookDispatchService = (options: WebhookDispatchOptions = {}) =>
  defineService({
    name: 'webhook-dispatch',
    config: webhookDispatchConfig,
    database: {
      migrationsDir: path.join(__dirname, '../prisma/migrations'),
      // Enough connections for the consumers and queue workers recording at once.
      pool: () => ({ max: 20 }),
    },
    async wire({ config, logger, pool, bus, now }) {
      const rabbit = await connectDeliveryQueues(
        { url: config.AMQP_URL, prefix: config.AMQP_PREFIX, retryDelaysMs: config.DELIVERY_RETRY_DELAYS_MS, retryJitter: config.DELIVERY_RETRY_JITTER },
        logger,
      );
      const mailer = new DigestMailer(config.SMTP_URL, config.DIGEST_FROM);
      const outbound = new OutboundClient();
      const jobRelay = new JobRelay({ pool, rabbit, logger });
      const eventRelay = new OutboxRelay({ pool, bus, logger });
      const base: Omit<DeliveryDeps, 'batches'> = {
        pool,
        keyring: new SecretKeyring(config.WEBHOOK_SECRET_KEY, config.WEBHOOK_SECRET_PREVIOUS_KEYS),
        endpointPolicy: { allowHttp: config.WEBHOOK_ALLOW_HTTP, allowedAddressClasses: new Set(config.WEBHOOK_ALLOWED_ADDRESS_CLASSES) },
        resolveHost: options.resolveHost ?? systemHostResolver(),
        outbound,
        mailer,
        relays: {
          wake() {
            jobRelay.wake();
          },
        },
        settings: {
          webhookTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
          retryDelaysMs: config.DELIVERY_RETRY_DELAYS_MS,
          retryJitter: config.DELIVERY_RETRY_JITTER,
          replayRatePerSecond: config.WEBHOOK_REPLAY_RATE_PER_SECOND,
          digestRecipientDomain: config.DIGEST_RECIPIENT_DOMAIN,
        },
        now,
        logger,
      };
      const deps: DeliveryDeps = { ...base, batches: createDeliveryBatches(base) };
      serveRegistryRpc(bus, deps);
      const clock = deliveryClock(
        { ...deps, runner: new SingleRunner({ pool, logger }) },
        { retentionDays: config.WEBHOOK_DELIVERY_RETENTION_DAYS, purgeIntervalMs: config.WEBHOOK_DELIVERY_PURGE_INTERVAL_MS },
      );
      return {
        deps: { ...deps, rabbit, jobRelay, eventRelay, purgeExpired: clock.purgeExpired },
        http: [{ routes: [operatorRoutes(deps, config.OPERATOR_SECRET), webhooksRoutes(deps, config.INTERNAL_SIGNING_SECRET)] }],
        readiness: {
          rabbitmq: async () => {
            if (!rabbit.isConnected) throw new Error('RabbitMQ connection is down; reconnecting');
          },
          smtp: () => mailer.checkReady(),
        },
        status: { queues: () => rabbit.queueDepths() },
        async start() {
          jobRelay.start();
          eventRelay.start();
          await consumeDeliveryJobs(rabbit, deps, { webhooks: config.WEBHOOK_CONCURRENCY, digests: config.DIGEST_CONCURRENCY });
          await consumeDeliveryEvents(bus, deps, config.SIGNAL_CONSUMER_CONCURRENCY);
          clock.start();
        },
        async stop() {
          clock.stop();
          // Handlers at work finish and record their outcomes; then what they wrote is relayed.
          await rabbit.close({ graceMs: Math.max(1_000, config.SHUTDOWN_GRACE_MS - RELAYS_AND_CLOSE_MS) });
          await drainDeliveryBatches(deps.batches);
          await jobRelay.stop();
          await eventRelay.stop();
          outbound.close();
          mailer.close();
        },
      };
    },
  });

export const webhookDispatchService = createWebhookDispatchService();

export const run = () => runService(webhookDispatchService);
