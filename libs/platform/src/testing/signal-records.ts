import { randomUUID } from 'node:crypto';
import { FAMILY_LABELS, SIGNAL_LABELS, type EventPayload, type SignalRecord } from '@radar/contracts';

/**
 * Signals as signal-ingest announces them and runs as monitor-scheduler ends them: what
 * webhook-dispatch receives, for its tests and the delivery benchmarks alike.
 */

/** A Signal record as signal-ingest publishes it (webhook fields still null). */
export function aSignal(overrides: Partial<SignalRecord> = {}): SignalRecord {
  return {
    id: randomUUID(),
    fired_at: '2026-11-25T09:00:05.000Z',
    signal_type: 'financing_events',
    signal_label: SIGNAL_LABELS.financing_events,
    domain: 'acme.example',
    cron_job_id: randomUUID(),
    cron_job_name: 'Fintech watch',
    delivery_method: 'webhook',
    pl_item_id: `item-${randomUUID()}`,
    webhook_delivery_id: null,
    delivery_status: null,
    response_status: null,
    content_available: true,
    headline: 'Acme raises a $20M Series B',
    details: ['Led by Example Ventures', 'Total funding $32M'],
    source_url: 'https://news.example/acme-series-b',
    family: 'funding',
    family_label: FAMILY_LABELS.funding,
    category: 'receives_financing',
    happened_on: '2026-11-20',
    ...overrides,
  };
}

/** `signal.delivered` for a webhook monitor (or, with `webhookId: null` and an email signal, an email one). */
export function aSignalDelivered(fields: {
  workspaceId: string;
  runId?: string;
  runDate?: string;
  webhookId: string | null;
  slackConnectionId?: string | null;
  signal?: Partial<SignalRecord>;
}): EventPayload<'signal.delivered'> {
  return {
    workspaceId: fields.workspaceId,
    runId: fields.runId ?? randomUUID(),
    runDate: fields.runDate ?? '2026-11-25',
    webhookId: fields.webhookId,
    slackConnectionId: fields.slackConnectionId ?? null,
    signal: aSignal({ delivery_method: fields.webhookId === null ? 'email' : 'webhook', ...fields.signal }),
  };
}

/** `monitor.run.completed` of an email monitor with no new signals, unless the fields say otherwise. */
export function aRunCompleted(fields: Partial<EventPayload<'monitor.run.completed'>> & { workspaceId: string; runId: string }): EventPayload<'monitor.run.completed'> {
  return {
    monitorId: randomUUID(),
    monitorName: 'Fintech watch',
    runDate: '2026-11-25',
    status: 'success',
    deliveryMethod: 'email',
    slackConnectionId: null,
    newItemsTotal: 0,
    ...fields,
  };
}
