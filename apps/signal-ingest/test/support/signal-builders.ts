import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { SIGNAL_LABELS, type EventFamily, type SignalRecord, type SignalType } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { familyLabelOf } from '../../src/domain/event-family';
import { insertSignals } from '../../src/data/signals.repository';

export interface SignalSpec {
  firedAt: Date;
  signalType?: SignalType;
  family?: EventFamily | null;
  domain?: string;
  monitorId?: string;
  monitorName?: string;
  headline?: string;
  details?: string[];
  deliveryMethod?: 'email' | 'webhook';
  happenedOn?: string | null;
}

const FAMILY_OF_TYPE: Record<SignalType, EventFamily | null> = {
  job_openings: 'hiring',
  financing_events: 'funding',
  news_events: 'product',
  connections: 'commercial',
};

/** A Signal record as a check makes it (the webhook fields stay null until delivery reports). */
export function aSignal(spec: SignalSpec): SignalRecord {
  const signalType = spec.signalType ?? 'news_events';
  const family = spec.family === undefined ? FAMILY_OF_TYPE[signalType] : spec.family;
  const id = randomUUID();
  return {
    id,
    fired_at: spec.firedAt.toISOString(),
    signal_type: signalType,
    signal_label: SIGNAL_LABELS[signalType],
    domain: spec.domain ?? 'acme.com',
    cron_job_id: spec.monitorId ?? '11111111-1111-4111-8111-111111111111',
    cron_job_name: spec.monitorName ?? 'Competitors',
    delivery_method: spec.deliveryMethod ?? 'webhook',
    pl_item_id: `item-${id}`,
    webhook_delivery_id: null,
    delivery_status: null,
    response_status: null,
    content_available: true,
    headline: spec.headline ?? `Headline ${id.slice(0, 8)}`,
    details: spec.details ?? ['First fact', 'Second fact'],
    source_url: `https://news.example/${id}`,
    family,
    family_label: familyLabelOf(family),
    category: signalType === 'news_events' ? 'launches' : null,
    happened_on: spec.happenedOn === undefined ? spec.firedAt.toISOString().slice(0, 10) : spec.happenedOn,
  };
}

/**
 * Records signals through signal-ingest's own recording path (the statement a check's
 * transaction runs: rows and per-day counts together), one check's worth per call.
 */
export async function recordSignals(pool: Pool, workspaceId: string, signals: readonly SignalRecord[]): Promise<void> {
  await inTransaction(pool, (db) => insertSignals(db, [{ origin: { workspaceId, runId: randomUUID(), checkId: randomUUID() }, signals }]));
}

/** Newest first, ties by id descending: the order of GET /signals and the export. */
export const newestFirst = (a: SignalRecord, b: SignalRecord): number =>
  b.fired_at.localeCompare(a.fired_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
