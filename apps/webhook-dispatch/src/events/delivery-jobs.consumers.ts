import type { RabbitMq } from '@radar/platform/rabbitmq';
import { attemptWebhookDelivery } from '../use-cases/attempt-webhook-delivery';
import { attemptWebhookRedelivery } from '../use-cases/attempt-webhook-redelivery';
import type { DeliveryDeps } from '../use-cases/delivery-deps';
import { postRunToTeamChat } from '../use-cases/post-run-to-team-chat';
import { sendRunDigest } from '../use-cases/send-run-digest';

export interface WorkerConcurrency {
  /** Webhook requests in flight at once (the queue's prefetch). */
  webhooks: number;
  /** Digests and team-chat messages at once, each. */
  digests: number;
}

/** The consumers of the delivery queues; each job's outcome is recorded before its message is settled. */
export async function consumeDeliveryJobs(rabbit: RabbitMq, deps: DeliveryDeps, concurrency: WorkerConcurrency): Promise<void> {
  await rabbit.consume('delivery.webhook', { prefetch: concurrency.webhooks }, (job, context) => attemptWebhookDelivery(deps, job, context));
  await rabbit.consume('delivery.webhook_redelivery', { prefetch: concurrency.webhooks }, (job) => attemptWebhookRedelivery(deps, job));
  await rabbit.consume('delivery.email_digest', { prefetch: concurrency.digests }, (job, context) => sendRunDigest(deps, job, context));
  await rabbit.consume('delivery.team_chat', { prefetch: concurrency.digests }, (job, context) => postRunToTeamChat(deps, job, context));
}
