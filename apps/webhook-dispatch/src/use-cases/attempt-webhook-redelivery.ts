import type { DeliveryStatus } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { currentTraceCarrier } from '@radar/platform/telemetry';
import { lockQueuedRedelivery, recordRedelivery, type QueuedRedelivery } from '../data/delivery-log.repository';
import { answerVerdict } from './answer-verdict';
import { countDeliveryAttempt } from './delivery-metrics';
import type { DeliveryDeps } from './delivery-deps';
import { sendWebhookAttempt } from './send-webhook-attempt';

type Deps = Pick<DeliveryDeps, 'pool' | 'batches' | 'keyring' | 'endpointPolicy' | 'resolveHost' | 'outbound' | 'settings' | 'now' | 'logger'>;

/**
 * A delivery's status after a redelivery: delivered once any attempt got a 2xx; else pending while
 * its schedule goes on; else failed.
 */
const statusAfterRedelivery = (delivery: QueuedRedelivery, succeeded: boolean): DeliveryStatus =>
  succeeded || delivery.deliveredBefore ? 'delivered' : delivery.status === 'pending' ? 'pending' : 'failed';

/**
 * One redelivery (a `delivery.webhook_redelivery` job, from redeliver or replay): the same send
 * as a scheduled attempt, once, whatever the receiver answers (its failure is recorded, not
 * retried). The attempt, the delivery's new state (the receiver's answer becomes its last) and
 * its `delivery.updated` commit together; a job repeated after that finds no redelivery queued
 * and sends nothing.
 */
export async function attemptWebhookRedelivery(deps: Deps, job: { deliveryId: string }): Promise<void> {
  const delivery = await deps.batches.deliveriesToAttempt.add(job.deliveryId);
  if (!delivery?.redeliveryQueued) return; // purged since, or a repeated job whose attempt is recorded

  const startedAt = deps.now();
  const { answer } = await sendWebhookAttempt(deps, delivery, startedAt);
  const succeeded = answerVerdict(answer, true).status === 'delivered';
  const error = answer.error ?? (succeeded ? null : `receiver answered ${answer.status}`);
  await inTransaction(deps.pool, async (tx) => {
    const queued = await lockQueuedRedelivery(tx, delivery.id);
    if (!queued) return;
    const status = statusAfterRedelivery(queued, succeeded);
    const attempts = await recordRedelivery(tx, delivery.id, {
      startedAt,
      responseStatus: answer.status,
      latencyMs: answer.latencyMs,
      error,
      status,
      deliveredAt: succeeded ? startedAt : null,
      completes: succeeded || queued.status !== 'pending',
      endsSchedule: succeeded,
    });
    await writeOutboxEvents(tx, [
      {
        subject: 'delivery.updated',
        payload: {
          workspaceId: queued.workspaceId,
          signalId: queued.signalId,
          webhookDeliveryId: delivery.id,
          deliveryStatus: status,
          responseStatus: answer.status,
          attempts,
        },
        aggregateKey: delivery.id,
        traceContext: currentTraceCarrier(),
      },
    ]);
  });
  countDeliveryAttempt('webhook', succeeded ? 'delivered' : 'failed');
}
