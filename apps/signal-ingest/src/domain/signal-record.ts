import { randomUUID } from 'node:crypto';
import { SIGNAL_LABELS, type EventPayload, type ProviderItem, type SignalRecord } from '@radar/contracts';
import { eventFamilyOf, familyLabelOf } from './event-family';

type CheckRequest = EventPayload<'signal.check.requested'>;

/**
 * The Signal record (interface.md) of a provider item a check delivers: the monitor is the
 * "cron job", the item's id is `pl_item_id`, and the webhook fields stay null until the
 * delivery side reports (`delivery.updated`).
 */
export function newSignalRecord(check: CheckRequest, item: ProviderItem, firedAt: Date): SignalRecord {
  const family = eventFamilyOf(check.signalType, item.category);
  return {
    id: randomUUID(),
    fired_at: firedAt.toISOString(),
    signal_type: check.signalType,
    signal_label: SIGNAL_LABELS[check.signalType],
    domain: check.domain,
    cron_job_id: check.monitorId,
    cron_job_name: check.monitorName,
    delivery_method: check.deliveryMethod,
    pl_item_id: item.id,
    webhook_delivery_id: null,
    delivery_status: null,
    response_status: null,
    content_available: true,
    headline: item.headline,
    details: [...item.details],
    source_url: item.source_url,
    family,
    family_label: familyLabelOf(family),
    category: item.category,
    happened_on: item.happened_on,
  };
}
