import { RetryLater, StopRetrying, type DeliveryContext } from '@radar/platform/rabbitmq';
import { currentTraceCarrier } from '@radar/platform/telemetry';
import { countDeliveryAttempt } from './delivery-metrics';
import { answerVerdict } from './answer-verdict';
import type { DeliveryDeps } from './delivery-deps';
import { sendWebhookAttempt } from './send-webhook-attempt';

type Deps = Pick<DeliveryDeps, 'batches' | 'keyring' | 'endpointPolicy' | 'resolveHost' | 'outbound' | 'settings' | 'now'>;

/**
 * One attempt of a webhook delivery (a `delivery.webhook` job): the signed POST, its record, the
 * delivery's new state and its `delivery.updated`, all committed (in a batch with other attempts,
 * see recordAttemptOutcomes) before the job is settled. A failure with attempts left throws, so
 * the queue retries on the schedule (or after the receiver's Retry-After, when longer); 2xx, 410
 * and the last attempt end the delivery.
 */
export async function attemptWebhookDelivery(deps: Deps, job: { deliveryId: string }, context: Pick<DeliveryContext, 'isLastAttempt' | 'attempt'>): Promise<void> {
  const delivery = await deps.batches.deliveriesToAttempt.add(job.deliveryId);
  if (!delivery) throw new StopRetrying(`no webhook delivery ${job.deliveryId}`);
  if (delivery.status !== 'pending') return; // a repeated job, or a redelivery got there first: the delivery has its outcome

  const startedAt = deps.now();
  const { answer, final } = await sendWebhookAttempt(deps, delivery, startedAt);
  const verdict = answerVerdict(answer, context.isLastAttempt || final);
  const nextAttemptAt = verdict.status === 'pending' ? earliestNextAttempt(deps.settings, context.attempt, startedAt, verdict.retryAfterMs) : null;
  await deps.batches.attemptOutcomes.add({ delivery, startedAt, answer, status: verdict.status, nextAttemptAt, traceContext: currentTraceCarrier() });
  countDeliveryAttempt('webhook', verdict.status);
  if (verdict.status === 'pending') {
    const reason = answer.error ?? `receiver answered ${answer.status}`;
    throw verdict.retryAfterMs === undefined ? new Error(reason) : new RetryLater(verdict.retryAfterMs, reason);
  }
}

/**
 * The earliest the queue sends the next attempt: the scheduled wait shortened by its whole jitter,
 * or the receiver's longer Retry-After (the queue's own rule, see planRetry).
 */
function earliestNextAttempt(settings: Deps['settings'], failedAttempt: number, startedAt: Date, retryAfterMs: number | undefined): Date {
  const scheduled = settings.retryDelaysMs[failedAttempt - 1] ?? 0;
  const wait = retryAfterMs !== undefined && retryAfterMs > scheduled ? retryAfterMs : Math.floor(scheduled * (1 - settings.retryJitter));
  return new Date(startedAt.getTime() + wait);
}
