import { FAMILY_LABELS, SIGNAL_LABELS, type SignalRecord } from '@radar/contracts';

/** The `type` of a real signal's webhook (decisions.md, "Delivery"). */
export const SIGNAL_EVENT_TYPE = 'signal.delivered';
/** The `type` of `radar webhook test`'s event: a receiver that dispatches on `type` never takes it for a signal. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * The body of a signal's webhook, built once when the delivery is created and sent unchanged on
 * every attempt: `{type, timestamp, data}` where `data` is the Signal record as it stands when
 * sending starts (its `webhook_delivery_id` is this delivery, equal to the `webhook-id` header;
 * `delivery_status` is `pending` and `response_status` null, since the answer is not known yet).
 */
export function signalWebhookBody(signal: SignalRecord, deliveryId: string, at: Date): string {
  const data: SignalRecord = { ...signal, webhook_delivery_id: deliveryId, delivery_status: 'pending', response_status: null };
  return JSON.stringify({ type: SIGNAL_EVENT_TYPE, timestamp: at.toISOString(), data });
}

/** A made-up signal in the record's exact shape, so a receiver can check its parsing end to end. */
export function exampleSignal(messageId: string, at: Date): SignalRecord {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    fired_at: at.toISOString(),
    signal_type: 'financing_events',
    signal_label: SIGNAL_LABELS.financing_events,
    domain: 'example.com',
    cron_job_id: '00000000-0000-4000-8000-000000000001',
    cron_job_name: 'Test event',
    delivery_method: 'webhook',
    pl_item_id: 'test-event',
    webhook_delivery_id: messageId,
    delivery_status: 'pending',
    response_status: null,
    content_available: true,
    headline: 'Test event from Radar: Example Inc. raises a Series A',
    details: ['This is a test event sent by `radar webhook test`; it is not a real signal.'],
    source_url: 'https://example.com/',
    family: 'funding',
    family_label: FAMILY_LABELS.funding,
    category: 'receives_financing',
    happened_on: at.toISOString().slice(0, 10),
  };
}

export function testWebhookBody(messageId: string, at: Date): string {
  return JSON.stringify({ type: TEST_EVENT_TYPE, timestamp: at.toISOString(), data: exampleSignal(messageId, at) });
}
