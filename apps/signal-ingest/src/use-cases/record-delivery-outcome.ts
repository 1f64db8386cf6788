import type { EventPayload } from '@radar/contracts';
import { applyDeliveryOutcome } from '../data/signals.repository';
import type { SignalIngestDeps } from './deps';

export type DeliveryUpdated = EventPayload<'delivery.updated'>;

/**
 * `delivery.updated`: fills the signal's `webhook_delivery_id`, `delivery_status` and
 * `response_status`. Reports may be handled out of order (retries, several replicas): the one
 * with more attempts wins (a redelivery after `delivered` or `failed` reports more attempts), and
 * an older report never replaces a final outcome. Safe to repeat.
 */
export async function recordDeliveryOutcome(deps: Pick<SignalIngestDeps, 'pool' | 'logger'>, event: DeliveryUpdated): Promise<void> {
  const changed = await applyDeliveryOutcome(deps.pool, event.workspaceId, event.signalId, {
    webhookDeliveryId: event.webhookDeliveryId,
    deliveryStatus: event.deliveryStatus,
    responseStatus: event.responseStatus,
    attempts: event.attempts ?? 0,
    final: event.deliveryStatus !== 'pending',
  });
  if (!changed) {
    deps.logger.debug({ signalId: event.signalId, status: event.deliveryStatus, attempts: event.attempts }, 'delivery report older than the signal holds, or no such signal');
  }
}
