import { REDELIVERY_RETRY_DELAYS_MS, type QueueName } from '@radar/contracts';
import type { QueueRetryPolicy } from '@radar/platform/rabbitmq';

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
