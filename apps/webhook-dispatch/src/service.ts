import path from 'node:path';
import { inTransaction } from '@radar/platform/database';
import { OutboxRelay } from '@radar/platform/outbox';
import { RabbitMq } from '@radar/platform/rabbitmq';
import { defineService, runService } from '@radar/platform/service';
import { SingleRunner } from '@radar/platform/single-runner';
import { webhookDispatchConfig } from './config';
import { createWebhookDispatchPrisma } from './data/prisma';
import { DeliveryLogRepository } from './data/delivery-log.repository';
import { QueueOutboxRepository } from './data/queue-outbox.repository';
import { RunDeliveryRepository } from './data/run-delivery.repository';
import { SlackConnectionRepository } from './data/slack-connection.repository';
import { WebhookDeliveryRepository } from './data/webhook-delivery.repository';
import { WebhookRepository } from './data/webhook.repository';
import { systemHostResolver } from './clients/host-resolver';
import type { HostResolver } from './domain/endpoints/endpoint-policy';
import { consumeDeliveryEvents } from './events/delivery.consumers';
import { operatorRoutes } from './http/operator.routes';
import { webhooksRoutes } from './http/webhooks.routes';
import { DigestMailer } from './clients/digest-mailer';
import { OutboundClient } from './clients/outbound-client';
import { deliveryQueues } from './clients/delivery-queues';
import { consumeDeliveryJobs } from './events/delivery-jobs.consumers';
import { JobRelay } from './events/job-relay';
import { serveRegistryRpc } from './events/registry.rpc';
import { SecretKeyring } from './domain/secrets/secret-keyring';
import { createDeliveryBatches, drainDeliveryBatches } from './use-cases/delivery-batches';
import type { DeliveryDeps } from './use-cases/delivery-deps';
import { purgeExpiredDeliveries } from './use-cases/purge-expired-deliveries';
import { queueOverdueRuns } from './use-cases/queue-overdue-runs';

export interface WebhookDispatchOptions {
  /** Replaces the system resolver (tests of names that resolve to private addresses). */
  resolveHost?: HostResolver;
}

/** How long an ended run waits for signals that never come before its digest goes out with what arrived. */
const RUN_SIGNALS_MAX_WAIT_MS = 15 * 60_000;
const OVERDUE_RUN_SWEEP_MS = 60_000;
/** The retention purge runs in one replica at a time (a PostgreSQL advisory lock of this name). */
const PURGE_JOB_NAME = 'webhook-dispatch.delivery-retention';
const PURGE_BATCH_SIZE = 1_000;
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
      const prisma = createWebhookDispatchPrisma(pool);
      const rabbit = await RabbitMq.connect({
        url: config.AMQP_URL,
        // The broker lists it under this name; a queue prefix (one stack among several on a broker) tells them apart.
        name: config.AMQP_PREFIX ? `webhook-dispatch ${config.AMQP_PREFIX}` : 'webhook-dispatch',
        prefix: config.AMQP_PREFIX,
        logger,
        queues: deliveryQueues(config.DELIVERY_RETRY_DELAYS_MS, config.DELIVERY_RETRY_JITTER),
      });
      const mailer = new DigestMailer(config.SMTP_URL, config.DIGEST_FROM);
      const outbound = new OutboundClient();
      const jobRelay = new JobRelay({ jobs: new QueueOutboxRepository(pool), rabbit, logger });
      const eventRelay = new OutboxRelay({ pool, bus, logger });
      const base: Omit<DeliveryDeps, 'batches'> = {
        webhooks: new WebhookRepository(prisma),
        slackConnections: new SlackConnectionRepository(prisma),
        keyring: new SecretKeyring(config.WEBHOOK_SECRET_KEY, config.WEBHOOK_SECRET_PREVIOUS_KEYS),
        endpointPolicy: { allowHttp: config.WEBHOOK_ALLOW_HTTP, allowedAddressClasses: new Set(config.WEBHOOK_ALLOWED_ADDRESS_CLASSES) },
        resolveHost: options.resolveHost ?? systemHostResolver(),
        transaction: (work) => inTransaction(pool, work),
        deliveries: new WebhookDeliveryRepository(pool),
        deliveryLog: new DeliveryLogRepository(pool),
        runs: new RunDeliveryRepository(pool),
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
      const runner = new SingleRunner({ pool, logger });
      const stopping = new AbortController();
      const retention = { retentionDays: config.WEBHOOK_DELIVERY_RETENTION_DAYS, batchSize: PURGE_BATCH_SIZE };
      /** One replica purges; the others find the job held and skip this turn. */
      const purgeExpired = () => runner.runExclusive(PURGE_JOB_NAME, (lost) => purgeExpiredDeliveries(deps, retention, AbortSignal.any([lost, stopping.signal])));
      let sweep: NodeJS.Timeout | undefined;
      let purge: NodeJS.Timeout | undefined;
      return {
        deps: { ...deps, prisma, pool, rabbit, jobRelay, eventRelay, purgeExpired },
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
          sweep = setInterval(() => {
            queueOverdueRuns(deps, RUN_SIGNALS_MAX_WAIT_MS).catch((error: unknown) => logger.warn({ err: error }, 'overdue run sweep failed'));
          }, OVERDUE_RUN_SWEEP_MS);
          purge = setInterval(() => {
            purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'delivery retention purge failed; the next turn tries again'));
          }, config.WEBHOOK_DELIVERY_PURGE_INTERVAL_MS);
        },
        async stop() {
          clearInterval(sweep);
          clearInterval(purge);
          stopping.abort(new Error('webhook-dispatch is stopping'));
          // Handlers at work finish and record their outcomes; then what they wrote is relayed.
          await rabbit.close({ graceMs: Math.max(1_000, config.SHUTDOWN_GRACE_MS - RELAYS_AND_CLOSE_MS) });
          await drainDeliveryBatches(deps.batches);
          await jobRelay.stop();
          await eventRelay.stop();
          outbound.close();
          mailer.close();
          await prisma.$disconnect();
        },
      };
    },
  });

export const webhookDispatchService = createWebhookDispatchService();

export const run = () => runService(webhookDispatchService);
