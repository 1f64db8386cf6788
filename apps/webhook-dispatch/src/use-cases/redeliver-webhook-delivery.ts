import type { ReplayResult, ReplayWebhookBody, WebhookDeliveryView, DeliveryStatus } from '@radar/contracts';
import { WEBHOOK_REPLAY_MAX_DELIVERIES } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { AppError } from '@radar/platform/errors';
import { countReplayable, lockWebhookForReplay, queueRedelivery, queueReplay } from '../data/delivery-log.repository';
import type { DeliveryDeps } from './delivery-deps';
import { deliveryView } from './webhook-log-views';

type Deps = Pick<DeliveryDeps, 'pool' | 'relays' | 'settings' | 'now'>;

/**
 * Queues one more attempt of a delivery now (redeliver): sent once, to the webhook's current URL,
 * under the same `webhook-id` with the same body. 409 while an attempt of it is queued or in flight.
 */
export async function redeliverWebhookDelivery(deps: Deps, workspaceId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  const queued = await inTransaction(deps.pool, (tx) => queueRedelivery(tx, workspaceId, webhookId, deliveryId));
  if (queued === null) throw new AppError('NOT_FOUND', `No delivery with id ${deliveryId} of webhook ${webhookId}`);
  if (queued === 'in_progress') {
    throw new AppError('DELIVERY_IN_PROGRESS', `An attempt of delivery ${deliveryId} is already queued or in flight; try again once it has ended`);
  }
  deps.relays.wake();
  return deliveryView(queued);
}

const REPLAYED_STATUSES: Record<ReplayWebhookBody['status'], DeliveryStatus[]> = {
  failed: ['failed'],
  delivered: ['delivered'],
  all: ['failed', 'delivered'],
};

/**
 * Redelivers every delivery of the webhook created in the days (of the status asked; never a
 * pending one), oldest first, paced per webhook: the attempts are queued work spaced in time, so
 * the request only writes them. More than WEBHOOK_REPLAY_MAX_DELIVERIES is 422 naming `until`;
 * deliveries with an attempt queued or in flight are skipped, so a repeated replay queues nothing twice.
 */
export async function replayWebhookDeliveries(deps: Deps, workspaceId: string, webhookId: string, body: ReplayWebhookBody): Promise<ReplayResult> {
  const statuses = REPLAYED_STATUSES[body.status];
  const days = { since: body.since, until: body.until };
  const result = await inTransaction(deps.pool, async (tx) => {
    const webhook = await lockWebhookForReplay(tx, workspaceId, webhookId);
    if (!webhook) throw new AppError('NOT_FOUND', `No webhook with id ${webhookId}`);
    const counted = await countReplayable(tx, workspaceId, webhookId, statuses, days);
    if (counted.matching > WEBHOOK_REPLAY_MAX_DELIVERIES) {
      const message = `matches ${counted.matching} deliveries; a replay takes at most ${WEBHOOK_REPLAY_MAX_DELIVERIES}: choose an earlier until`;
      throw new AppError('VALIDATION_ERROR', `body field "until": ${message}`, { errors: [{ field: 'until', message }] });
    }
    const now = deps.now();
    const start = webhook.pacedUntil && webhook.pacedUntil > now ? webhook.pacedUntil : now;
    const queued = await queueReplay(tx, workspaceId, webhookId, statuses, days, { start, spacingMs: 1_000 / deps.settings.replayRatePerSecond });
    return { queued, skipped: counted.matching - queued };
  });
  if (result.queued > 0) deps.relays.wake();
  return result;
}
