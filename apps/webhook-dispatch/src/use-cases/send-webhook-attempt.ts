import type { DeliveryToAttempt } from '../data/webhook-delivery.repository';
import type { OutboundAnswer } from '../clients/outbound-client';
import { SEALING_CONTEXT } from '../domain/secrets/sealing-context';
import { signedWebhookHeaders } from '../domain/signing/webhook-signature';
import type { DeliveryDeps } from './delivery-deps';
import { endpointTarget } from './endpoint-target';

export type SendDeps = Pick<DeliveryDeps, 'keyring' | 'endpointPolicy' | 'resolveHost' | 'outbound' | 'settings'>;

export const noAnswer = (error: string): OutboundAnswer => ({ status: null, latencyMs: 0, error, retryAfterMs: undefined, bodyExcerpt: null });

/**
 * One signed POST of a delivery, as every attempt makes it (scheduled, redelivered or replayed):
 * to the webhook's current URL, checked again now; under the delivery's `webhook-id`, with its
 * stored body, timestamped and signed at `at`. `final` when no later attempt could do better
 * (the webhook is gone).
 */
export async function sendWebhookAttempt(deps: SendDeps, delivery: DeliveryToAttempt, at: Date): Promise<{ answer: OutboundAnswer; final: boolean }> {
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
