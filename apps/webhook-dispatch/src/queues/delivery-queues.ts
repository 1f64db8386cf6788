import type { QueueName } from '@radar/contracts';
import type { QueueRetryPolicy } from '@radar/platform/rabbitmq';

/** The queues webhook-dispatch publishes to and consumes; all three share decisions.md's retry schedule. */
export const DELIVERY_QUEUE_NAMES = ['delivery.webhook', 'delivery.email_digest', 'delivery.team_chat'] as const satisfies readonly QueueName[];

export function deliveryQueues(retryDelaysMs: readonly number[], jitter: number): Record<(typeof DELIVERY_QUEUE_NAMES)[number], QueueRetryPolicy> {
  const policy: QueueRetryPolicy = { retryDelaysMs, jitter };
  return { 'delivery.webhook': policy, 'delivery.email_digest': policy, 'delivery.team_chat': policy };
}
