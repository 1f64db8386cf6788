import type { DeliveryMethod, DeliveryStatus, EventFamily, SignalFilters, SignalType } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { signalCountConditions, signalRowConditions } from './signal-filter-sql';
import { namedStatement } from './named-statement';
import { SqlParams } from './sql-params';

/** A stored signal as the read APIs show it (labels are derived when shown). */
export interface StoredSignal {
  id: string;
  firedAt: Date;
  signalType: SignalType;
  domain: string;
  monitorId: string;
  monitorName: string;
  deliveryMethod: DeliveryMethod;
  plItemId: string;
  webhookDeliveryId: string | null;
  deliveryStatus: DeliveryStatus | null;
  responseStatus: number | null;
  contentAvailable: boolean;
  headline: string;
  details: string[];
  sourceUrl: string | null;
  family: EventFamily | null;
  category: string | null;
  /** YYYY-MM-DD. */
  happenedOn: string | null;
}

interface SignalRow {
  id: string;
  fired_at: Date;
  signal_type: SignalType;
  domain: string;
  monitor_id: string;
  monitor_name: string;
  delivery_method: DeliveryMethod;
  pl_item_id: string;
  webhook_delivery_id: string | null;
  delivery_status: DeliveryStatus | null;
  response_status: number | null;
  content_available: boolean;
  headline: string;
  details: string[] | null;
  source_url: string | null;
  family: EventFamily | null;
  category: string | null;
  happened_on: string | null;
}

const toStored = (row: SignalRow): StoredSignal => ({
  id: row.id,
  firedAt: row.fired_at,
  signalType: row.signal_type,
  domain: row.domain,
  monitorId: row.monitor_id,
  monitorName: row.monitor_name,
  deliveryMethod: row.delivery_method,
  plItemId: row.pl_item_id,
  webhookDeliveryId: row.webhook_delivery_id,
  deliveryStatus: row.delivery_status,
  responseStatus: row.response_status,
  contentAvailable: row.content_available,
  headline: row.headline,
  details: row.details ?? [],
  sourceUrl: row.source_url,
  family: row.family,
  category: row.category,
  happenedOn: row.happened_on,
});

const SIGNAL_COLUMNS = `s.id, s.fired_at, s.signal_type, s.domain, s.monitor_id, s.monitor_name, s.delivery_method, s.pl_item_id,
  s.webhook_delivery_id, s.delivery_status, s.response_status, s.content_available, s.headline, s.details, s.source_url,
  s.family, s.category, to_char(s.happened_on, 'YYYY-MM-DD') AS happened_on`;

/** Signals of one UTC day that the filters select. */
export interface DayCount {
  /** YYYY-MM-DD. */
  day: string;
  signals: number;
}

/** Counts per family ('' for none): all the filters select, and those fired on a day after each window's first day. */
export interface FamilyCounts {
  familyKey: string;
  total: number;
  afterDays: number[];
}

/** Reads of the delivered signals; every method is scoped to one workspace. */
export const signalReadsRepository = {
  /** Per-day counts of what the filters (domain excepted) select, newest day first, from `signal_counts`. */
  async countsByDay(db: Queryable, workspaceId: string, filters: Omit<SignalFilters, 'domain'>): Promise<DayCount[]> {
    const params = new SqlParams();
    const where = signalCountConditions(params, workspaceId, filters);
    const { rows } = await db.query<{ day: string; signals: string }>(namedStatement(`SELECT to_char(c.fired_on, 'YYYY-MM-DD') AS day, sum(c.signals) AS signals
       FROM signal_counts c WHERE ${where.join(' AND ')}
       GROUP BY c.fired_on ORDER BY c.fired_on DESC`, params.values));
    return rows.map((row) => ({ day: row.day, signals: Number(row.signals) }));
  },

  /**
   * Per-family counts of what the filters (domain and family excepted) select, from
   * `signal_counts`, with the part fired on days after each of `afterDays` (YYYY-MM-DD).
   */
  async countsByFamily(db: Queryable, workspaceId: string, filters: Omit<SignalFilters, 'domain' | 'family'>, afterDays: readonly string[]): Promise<FamilyCounts[]> {
    const params = new SqlParams();
    const where = signalCountConditions(params, workspaceId, filters);
    const windows = afterDays.map((day, index) => `sum(c.signals) FILTER (WHERE c.fired_on > ${params.add(day)}::date) AS after_${index}`);
    const { rows } = await db.query<Record<string, string | null>>(
      namedStatement(
        `SELECT c.family_key, sum(c.signals) AS total${windows.map((column) => `, ${column}`).join('')}
         FROM signal_counts c WHERE ${where.join(' AND ')}
         GROUP BY c.family_key`,
        params.values,
      ),
    );
    return rows.map((row) => ({
      familyKey: row.family_key ?? '',
      total: Number(row.total),
      afterDays: afterDays.map((_, index) => Number(row[`after_${index}`] ?? 0)),
    }));
  },

  /**
   * Per-family counts read from the rows themselves (for a domain filter, which `signal_counts`
   * does not keep), with the part fired at or after each of `firedFrom`.
   */
  async countRowsByFamily(db: Queryable, workspaceId: string, filters: Omit<SignalFilters, 'family'>, firedFrom: readonly Date[]): Promise<FamilyCounts[]> {
    const params = new SqlParams();
    const where = signalRowConditions(params, workspaceId, filters);
    const windows = firedFrom.map((from, index) => `count(*) FILTER (WHERE s.fired_at >= ${params.add(from)}) AS after_${index}`);
    const { rows } = await db.query<Record<string, string | null>>(
      namedStatement(
        `SELECT COALESCE(s.family, '') AS family_key, count(*) AS total${windows.map((column) => `, ${column}`).join('')}
         FROM signals s WHERE ${where.join(' AND ')}
         GROUP BY 1`,
        params.values,
      ),
    );
    return rows.map((row) => ({
      familyKey: row.family_key ?? '',
      total: Number(row.total),
      afterDays: firedFrom.map((_, index) => Number(row[`after_${index}`] ?? 0)),
    }));
  },

  /** How many signals the filters select, counted row by row (domain filters; other filters use `signal_counts`). */
  async countRows(db: Queryable, workspaceId: string, filters: SignalFilters): Promise<number> {
    const params = new SqlParams();
    const where = signalRowConditions(params, workspaceId, filters);
    const { rows } = await db.query<{ count: string }>(namedStatement(`SELECT count(*) AS count FROM signals s WHERE ${where.join(' AND ')}`, params.values));
    return Number(rows[0]?.count ?? 0);
  },

  /** How many signals the filters select that were fired in [from, to). */
  async countFiredBetween(db: Queryable, workspaceId: string, filters: SignalFilters, from: Date, to: Date): Promise<number> {
    const params = new SqlParams();
    const where = signalRowConditions(params, workspaceId, filters);
    where.push(`s.fired_at >= ${params.add(from)}`, `s.fired_at < ${params.add(to)}`);
    const { rows } = await db.query<{ count: string }>(namedStatement(`SELECT count(*) AS count FROM signals s WHERE ${where.join(' AND ')}`, params.values));
    return Number(rows[0]?.count ?? 0);
  },

  /**
   * A page of the signals the filters select, newest first (ties by id), optionally only those
   * fired in [from, to): with the days that hold the page known, the scan starts at the page
   * instead of reading and skipping every newer signal.
   */
  async page(
    db: Queryable,
    workspaceId: string,
    filters: SignalFilters,
    page: { skip: number; limit: number; firedFrom?: Date; firedBefore?: Date },
  ): Promise<StoredSignal[]> {
    const params = new SqlParams();
    const where = signalRowConditions(params, workspaceId, filters);
    if (page.firedFrom) where.push(`s.fired_at >= ${params.add(page.firedFrom)}`);
    if (page.firedBefore) where.push(`s.fired_at < ${params.add(page.firedBefore)}`);
    const { rows } = await db.query<SignalRow>(namedStatement(`SELECT ${SIGNAL_COLUMNS} FROM signals s WHERE ${where.join(' AND ')}
       ORDER BY s.fired_at DESC, s.id DESC
       OFFSET ${params.add(page.skip)} LIMIT ${params.add(page.limit)}`, params.values));
    return rows.map(toStored);
  },
};
