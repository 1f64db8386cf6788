import { writeOutboxEvents } from '@radar/platform/outbox';
import { currentTraceCarrier } from '@radar/platform/telemetry';
import { countDeliveryAttempt } from './delivery-metrics';
import { answerVerdict } from './answer-verdict';
import type { DeliveryDeps } from './delivery-deps';
import { sendWebhookAttempt } from './send-webhook-attempt';

type Deps = Pick<DeliveryDeps, 'batches' | 'transaction' | 'deliveryLog' | 'keyring' | 'endpointPolicy' | 'resolveHost' | 'outbound' | 'settings' | 'now' | 'logger'>;

/**
 * One redelivery (a `delivery.webhook_redelivery` job, from redeliver or replay): the same send
 * as a scheduled attempt, once, whatever the receiver answers (its failure is recorded, not
 * retried). The attempt, the delivery's new state and its `delivery.updated` commit together;
 * a job repeated after that finds no redelivery queued and sends nothing.
 */
export async function attemptWebhookRedelivery(deps: Deps, job: { deliveryId: string }): Promise<void> {
  const delivery = await deps.batches.deliveriesToAttempt.add(job.deliveryId);
  if (!delivery?.redeliveryQueued) return; // purged since, or a repeated job whose attempt is recorded

  const startedAt = deps.now();
  const { answer } = await sendWebhookAttempt(deps, delivery, startedAt);
  const succeeded = answerVerdict(answer, true).status === 'delivered';
  const error = answer.error ?? (succeeded ? null : `receiver answered ${answer.status}`);
  await deps.transaction(async (tx) => {
    const recorded = await deps.deliveryLog.recordRedelivery(tx, {
      deliveryId: delivery.id,
      startedAt,
      responseStatus: answer.status,
      latencyMs: answer.latencyMs,
      error,
      succeeded,
    });
    if (!recorded) return;
    await writeOutboxEvents(tx, [
      {
        subject: 'delivery.updated',
        payload: {
          workspaceId: recorded.workspaceId,
          signalId: recorded.signalId,
          webhookDeliveryId: delivery.id,
          deliveryStatus: recorded.status,
          responseStatus: recorded.responseStatus,
          attempts: recorded.attempts,
        },
        aggregateKey: delivery.id,
        traceContext: currentTraceCarrier(),
      },
    ]);
  });
  countDeliveryAttempt('webhook', succeeded ? 'delivered' : 'failed');
}
