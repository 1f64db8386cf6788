import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { currentTraceCarrier } from '@radar/platform/telemetry';
import { gatherSignal } from '../data/run-delivery.repository';
import { insertDeliveriesWithJobs } from '../data/webhook-delivery.repository';
import { signalWebhookBody } from '../domain/messages/webhook-body';
import type { DeliveryDeps } from './delivery-deps';
import { queueRunJobsWhenComplete } from './queue-run-jobs';

type SignalDelivered = EventPayload<'signal.delivered'>;

/**
 * A new signal of a monitor (`signal.delivered`): a webhook signal becomes a delivery and its job,
 * written together; a signal that goes out by email or to team chat is kept for its run's digest
 * and message (in the same transaction when it does both). Safe when the event comes twice: the
 * signal id decides. signal-ingest hears of the delivery with its first attempt's outcome
 * (`delivery.updated`).
 */
export async function acceptSignal(
  deps: Pick<DeliveryDeps, 'pool' | 'batches' | 'relays' | 'now' | 'logger'>,
  event: SignalDelivered,
): Promise<void> {
  const { signal } = event;
  const sendsWebhook = signal.delivery_method === 'webhook';
  const gathers = signal.delivery_method === 'email' || event.slackConnectionId !== null;
  if (sendsWebhook && event.webhookId === null) {
    deps.logger.error({ signalId: signal.id, runId: event.runId }, 'a webhook signal without a webhook_id cannot be delivered; ignored');
  }
  const webhookId = sendsWebhook ? event.webhookId : null;
  const deliveryId = randomUUID();
  const newDelivery =
    webhookId === null
      ? undefined
      : {
          id: deliveryId,
          signalId: signal.id,
          workspaceId: event.workspaceId,
          webhookId,
          runId: event.runId,
          body: signalWebhookBody(signal, deliveryId, deps.now()),
          traceContext: currentTraceCarrier(),
        };

  if (!gathers) {
    // The common case: written with other signals' deliveries; the batch wakes the job relay.
    if (newDelivery) await deps.batches.newDeliveries.add(newDelivery);
    return;
  }
  const queued = await inTransaction(deps.pool, async (tx) => {
    const [created = false] = newDelivery ? await insertDeliveriesWithJobs(tx, [newDelivery]) : [];
    const progress = await gatherSignal(tx, event.workspaceId, event.runId, signal);
    const runQueued = progress ? await queueRunJobsWhenComplete(tx, progress) : false;
    return created || runQueued;
  });
  if (queued) deps.relays.wake();
}
