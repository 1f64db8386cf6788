import { randomUUID } from 'node:crypto';
import type { WebhookTestResult } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { webhookToSend, webhookToSendForOperator } from '../data/webhook.repository';
import { testWebhookBody } from '../domain/messages/webhook-body';
import { SEALING_CONTEXT } from '../domain/secrets/sealing-context';
import { signedWebhookHeaders } from '../domain/signing/webhook-signature';
import { answerVerdict } from './answer-verdict';
import type { DeliveryDeps } from './delivery-deps';
import { endpointTarget } from './endpoint-target';

/** Whose webhook: the caller's workspace (the public API), or any (an operator, who names only the webhook). */
export type WebhookOwner = { workspaceId: string } | 'operator';

/**
 * Sends one signed test event to a webhook, now, and reports the receiver's answer (POST
 * /webhooks/{id}/test, `radar webhook test`): the same signing, address checks and timeout as a
 * real delivery, under a `webhook-id` of `test_<uuid>`, no retries, and nothing recorded.
 */
export async function testWebhook(
  deps: Pick<DeliveryDeps, 'pool' | 'keyring' | 'endpointPolicy' | 'resolveHost' | 'outbound' | 'settings' | 'now'>,
  webhookId: string,
  owner: WebhookOwner,
): Promise<WebhookTestResult> {
  // The id was parsed as a path parameter (a UUID) by the HTTP layer.
  const webhook = owner === 'operator' ? await webhookToSendForOperator(deps.pool, webhookId) : await webhookToSend(deps.pool, owner.workspaceId, webhookId);
  if (!webhook) throw new AppError('NOT_FOUND', `No webhook with id ${webhookId}`);
  const messageId = `test_${randomUUID()}`;
  const at = deps.now();
  const body = testWebhookBody(messageId, at);
  const target = await endpointTarget(deps, webhook.url);
  const answer = target.ok
    ? await deps.outbound.post({
        endpoint: target.endpoint,
        headers: signedWebhookHeaders(deps.keyring.open(webhook.secret, SEALING_CONTEXT.webhookSecret(webhook.id)), messageId, body, at),
        body,
        timeoutMs: deps.settings.webhookTimeoutMs,
      })
    : { status: null, latencyMs: 0, error: target.error, retryAfterMs: undefined, bodyExcerpt: null };
  return {
    webhook_id: webhook.id,
    url: webhook.url,
    webhook_message_id: messageId,
    delivered: answerVerdict(answer, true).status === 'delivered',
    response_status: answer.status,
    latency_ms: answer.latencyMs,
    response_body: answer.bodyExcerpt,
    error: answer.error ?? (answer.status !== null && (answer.status < 200 || answer.status >= 300) ? `receiver answered ${answer.status}` : null),
  };
}
