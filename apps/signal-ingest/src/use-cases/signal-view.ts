import { SIGNAL_LABELS, type SignalRecord } from '@radar/contracts';
import { familyLabelOf } from '../domain/event-family';
import type { StoredSignal } from '../data/signal-reads.repository';

/** The Signal record of interface.md, with its readable labels. */
export const signalView = (signal: StoredSignal): SignalRecord => ({
  id: signal.id,
  fired_at: signal.firedAt.toISOString(),
  signal_type: signal.signalType,
  signal_label: SIGNAL_LABELS[signal.signalType],
  domain: signal.domain,
  cron_job_id: signal.monitorId,
  cron_job_name: signal.monitorName,
  delivery_method: signal.deliveryMethod,
  pl_item_id: signal.plItemId,
  webhook_delivery_id: signal.webhookDeliveryId,
  delivery_status: signal.deliveryStatus,
  response_status: signal.responseStatus,
  content_available: signal.contentAvailable,
  headline: signal.headline,
  details: signal.details,
  source_url: signal.sourceUrl,
  family: signal.family,
  family_label: familyLabelOf(signal.family),
  category: signal.category,
  happened_on: signal.happenedOn,
});
