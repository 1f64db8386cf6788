import { RetryLater, StopRetrying, type DeliveryContext } from '@radar/platform/rabbitmq';
import { currentTraceCarrier } from '@radar/platform/telemetry';
import type { DeliveryToAttempt } from '../data/webhook-delivery.repository';
import { countDeliveryAttempt } from '../metrics/delivery-outcomes';
import type { OutboundAnswer } from '../outbound/outbound-client';
import { SEALING_CONTEXT } from '../secrets/sealing-context';
import { signedWebhookHeaders } from '../signing/webhook-signature';
import { answerVerdict } from './answer-verdict';
import type { DeliveryDeps } from './delivery-deps';
import { endpointTarget } from './endpoint-target';

type Deps = Pick<DeliveryDeps, 'batches' | 'keyring' | 'endpointPolicy' | 'resolveHost' | 'outbound' | 'settings' | 'now'>;

/**
 * One attempt of a webhook delivery (a `delivery.webhook` job): the signed POST, its record, the
 * delivery's new state and its `delivery.updated`, all committed (in a batch with other attempts,
 * see recordAttemptOutcomes) before the job is settled. A failure with attempts left throws, so
 * the queue retries on the schedule (or after the receiver's Retry-After, when longer); 2xx, 410
 * and the last attempt end the delivery.
 */
export async function attemptWebhookDelivery(deps: Deps, job: { deliveryId: string }, context: Pick<DeliveryContext, 'isLastAttempt'>): Promise<void> {
  const delivery = await deps.batches.deliveriesToAttempt.add(job.deliveryId);
  if (!delivery) throw new StopRetrying(`no webhook delivery ${job.deliveryId}`);
  if (delivery.status !== 'pending') return; // a repeated job: the delivery has its outcome

  const startedAt = deps.now();
  const { answer, final } = await send(deps, delivery, startedAt);
  const verdict = answerVerdict(answer, context.isLastAttempt || final);
  await deps.batches.attemptOutcomes.add({ delivery, startedAt, answer, status: verdict.status, traceContext: currentTraceCarrier() });
  countDeliveryAttempt('webhook', verdict.status);
  if (verdict.status === 'pending') {
    const reason = answer.error ?? `receiver answered ${answer.status}`;
    throw verdict.retryAfterMs === undefined ? new Error(reason) : new RetryLater(verdict.retryAfterMs, reason);
  }
}

const noAnswer = (error: string): OutboundAnswer => ({ status: null, latencyMs: 0, error, retryAfterMs: undefined, bodyExcerpt: null });

/** The receiver's answer; `final` when no later attempt could do better (the webhook is gone). */
async function send(deps: Deps, delivery: DeliveryToAttempt, at: Date): Promise<{ answer: OutboundAnswer; final: boolean }> {
  const { webhook } = delivery;
  if (!webhook) return { answer: noAnswer('the webhook does not exist in the workspace'), final: true };
  const target = await endpointTarget(deps, webhook.url);
  if (!target.ok) return { answer: noAnswer(target.error), final: false };
  const secret = deps.keyring.open(webhook.secret, SEALING_CONTEXT.webhookSecret(webhook.id));
  const answer = await deps.outbound.post({
    endpoint: target.endpoint,
    headers: signedWebhookHeaders(secret, delivery.id, delivery.body, at),
    body: delivery.body,
    timeoutMs: deps.settings.webhookTimeoutMs,
  });
  return { answer, final: false };
}
