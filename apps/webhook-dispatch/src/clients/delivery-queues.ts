import type { Logger } from 'pino';
import { REDELIVERY_RETRY_DELAYS_MS, type QueueMessage, type QueueName } from '@radar/contracts';
import { RabbitMq, type QueueRetryPolicy } from '@radar/platform/rabbitmq';
import { withCarriedTrace } from '@radar/platform/telemetry';
import type { OutboxJob } from '../data/queue-outbox.repository';

/**
 * The queues webhook-dispatch publishes to and consumes. Deliveries share decisions.md's retry
 * schedule; a redelivery is sent once whatever the receiver answers, and its job is retried only
 * when recording it failed (the database was out of reach).
 */
export const DELIVERY_QUEUE_NAMES = ['delivery.webhook', 'delivery.webhook_redelivery', 'delivery.email_digest', 'delivery.team_chat'] as const satisfies readonly QueueName[];

const REDELIVERY_POLICY: QueueRetryPolicy = { retryDelaysMs: REDELIVERY_RETRY_DELAYS_MS, jitter: 0.1 };

export function deliveryQueues(retryDelaysMs: readonly number[], jitter: number): Record<(typeof DELIVERY_QUEUE_NAMES)[number], QueueRetryPolicy> {
  const policy: QueueRetryPolicy = { retryDelaysMs, jitter };
  return { 'delivery.webhook': policy, 'delivery.webhook_redelivery': REDELIVERY_POLICY, 'delivery.email_digest': policy, 'delivery.team_chat': policy };
}

export interface DeliveryBrokerSettings {
  url: string;
  /** Prepended to every exchange and queue name: one stack among several on a broker. */
  prefix: string;
  retryDelaysMs: readonly number[];
  retryJitter: number;
}

/** Connects to RabbitMQ and declares the delivery queues (again on every reconnection). */
export function connectDeliveryQueues(settings: DeliveryBrokerSettings, logger: Logger): Promise<RabbitMq> {
  return RabbitMq.connect({
    url: settings.url,
    // The broker lists it under this name; the prefix tells stacks sharing a broker apart.
    name: settings.prefix ? `webhook-dispatch ${settings.prefix}` : 'webhook-dispatch',
    prefix: settings.prefix,
    logger,
    queues: deliveryQueues(settings.retryDelaysMs, settings.retryJitter),
  });
}

/** A job the broker did not confirm, and why. */
export interface UnconfirmedJob {
  job: OutboxJob;
  reason: unknown;
}

/**
 * Publishes jobs at once (their confirms arrive together), each in the trace it was queued in, so
 * its delivery continues the trace of the signal or run that caused it. Answers the ids the broker
 * confirmed and the jobs it did not.
 */
export async function publishJobs(rabbit: Pick<RabbitMq, 'publish'>, jobs: readonly OutboxJob[]): Promise<{ confirmed: string[]; unconfirmed: UnconfirmedJob[] }> {
  const results = await Promise.allSettled(
    jobs.map((job) => withCarriedTrace(job.traceContext, () => rabbit.publish(job.queue, job.message as QueueMessage<QueueName>))),
  );
  const confirmed: string[] = [];
  const unconfirmed: UnconfirmedJob[] = [];
  results.forEach((result, index) => {
    const job = jobs[index]!;
    if (result.status === 'fulfilled') confirmed.push(job.id);
    else unconfirmed.push({ job, reason: result.reason as unknown });
  });
  return { confirmed, unconfirmed };
}
