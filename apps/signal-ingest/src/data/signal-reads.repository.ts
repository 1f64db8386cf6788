import { z } from 'zod';
import { deliveryMethodSchema, deliveryStatusSchema, eventFamilySchema, signalTypeSchema, type SignalFilters } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { namedStatement } from './named-statement';
import { bigintCount, countRow } from './row-schemas';
import { signalCountConditions, signalRowConditions } from './signal-filter-sql';
import { SqlParams } from './sql-params';

/** Reads of the delivered signals; every function is scoped to one workspace. */

const storedSignalRow = z
  .object({
    id: z.string(),
    fired_at: z.date(),
    signal_type: signalTypeSchema,
    domain: z.string(),
    monitor_id: z.string(),
    monitor_name: z.string(),
    delivery_method: deliveryMethodSchema,
    pl_item_id: z.string(),
    webhook_delivery_id: z.string().nullable(),
    delivery_status: deliveryStatusSchema.nullable(),
    response_status: z.number().nullable(),
    content_available: z.boolean(),
    headline: z.string(),
    details: z.array(z.string()).nullable(),
    source_url: z.string().nullable(),
    family: eventFamilySchema.nullable(),
    category: z.string().nullable(),
    happened_on: z.string().nullable(),
  })
  .transform((row) => ({
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
    /** YYYY-MM-DD. */
    happenedOn: row.happened_on,
  }));

/** A stored signal as the read APIs show it (labels are derived when shown). */
export type StoredSignal = z.output<typeof storedSignalRow>;

/** Signals of one UTC day (YYYY-MM-DD) that the filters select. */
const dayCountRow = z.object({ day: z.string(), signals: bigintCount });

/** Counts per family ('' for none): all the filters select, and those fired after each window's start. */
const familyCountsRow = z
  .object({ family_key: z.string(), total: bigintCount, after: z.array(bigintCount) })
  .transform((row) => ({ familyKey: row.family_key, total: row.total, afterDays: row.after }));

export type FamilyCounts = z.output<typeof familyCountsRow>;

const SIGNAL_COLUMNS = `s.id, s.fired_at, s.signal_type, s.domain, s.monitor_id, s.monitor_name, s.delivery_method, s.pl_item_id,
  s.webhook_delivery_id, s.delivery_status, s.response_status, s.content_available, s.headline, s.details, s.source_url,
  s.family, s.category, to_char(s.happened_on, 'YYYY-MM-DD') AS happened_on`;

/** Counts per window as one array column `after` (a count of no rows is 0). */
const windowCounts = (counts: readonly string[]): string => `ARRAY[${counts.map((count) => `COALESCE(${count}, 0)`).join(', ')}]::bigint[] AS after`;

/** Per-day counts of what the filters (domain excepted) select, newest day first, from `signal_counts`. */
export async function signalCountsByDay(db: Queryable, workspaceId: string, filters: Omit<SignalFilters, 'domain'>): Promise<z.output<typeof dayCountRow>[]> {
  const params = new SqlParams();
  const where = signalCountConditions(params, workspaceId, filters);
  const { rows } = await db.query(namedStatement(`SELECT to_char(c.fired_on, 'YYYY-MM-DD') AS day, sum(c.signals) AS signals
     FROM signal_counts c WHERE ${where.join(' AND ')}
     GROUP BY c.fired_on ORDER BY c.fired_on DESC`, params.values));
  return rows.map((row) => dayCountRow.parse(row));
}

/**
 * Per-family counts of what the filters (domain and family excepted) select, from
 * `signal_counts`, with the part fired on days after each of `afterDays` (YYYY-MM-DD).
 */
export async function signalCountsByFamily(
  db: Queryable,
  workspaceId: string,
  filters: Omit<SignalFilters, 'domain' | 'family'>,
  afterDays: readonly string[],
): Promise<FamilyCounts[]> {
  const params = new SqlParams();
  const where = signalCountConditions(params, workspaceId, filters);
  const after = windowCounts(afterDays.map((day) => `sum(c.signals) FILTER (WHERE c.fired_on > ${params.add(day)}::date)`));
  const { rows } = await db.query(namedStatement(`SELECT c.family_key, sum(c.signals) AS total, ${after}
     FROM signal_counts c WHERE ${where.join(' AND ')}
     GROUP BY c.family_key`, params.values));
  return rows.map((row) => familyCountsRow.parse(row));
}

/**
 * Per-family counts read from the rows themselves (for a domain filter, which `signal_counts`
 * does not keep), with the part fired at or after each of `firedFrom`.
 */
export async function countSignalRowsByFamily(
  db: Queryable,
  workspaceId: string,
  filters: Omit<SignalFilters, 'family'>,
  firedFrom: readonly Date[],
): Promise<FamilyCounts[]> {
  const params = new SqlParams();
  const where = signalRowConditions(params, workspaceId, filters);
  const after = windowCounts(firedFrom.map((from) => `count(*) FILTER (WHERE s.fired_at >= ${params.add(from)})`));
  const { rows } = await db.query(namedStatement(`SELECT COALESCE(s.family, '') AS family_key, count(*) AS total, ${after}
     FROM signals s WHERE ${where.join(' AND ')}
     GROUP BY 1`, params.values));
  return rows.map((row) => familyCountsRow.parse(row));
}

/** How many signals the filters select, counted row by row (domain filters; other filters use `signal_counts`). */
export async function countSignalRows(db: Queryable, workspaceId: string, filters: SignalFilters): Promise<number> {
  const params = new SqlParams();
  const where = signalRowConditions(params, workspaceId, filters);
  const { rows } = await db.query(namedStatement(`SELECT count(*) AS count FROM signals s WHERE ${where.join(' AND ')}`, params.values));
  return countRow.parse(rows[0]).count;
}

/** How many signals the filters select that were fired in [from, to). */
export async function countSignalsFiredBetween(db: Queryable, workspaceId: string, filters: SignalFilters, from: Date, to: Date): Promise<number> {
  const params = new SqlParams();
  const where = signalRowConditions(params, workspaceId, filters);
  where.push(`s.fired_at >= ${params.add(from)}`, `s.fired_at < ${params.add(to)}`);
  const { rows } = await db.query(namedStatement(`SELECT count(*) AS count FROM signals s WHERE ${where.join(' AND ')}`, params.values));
  return countRow.parse(rows[0]).count;
}

/**
 * A page of the signals the filters select, newest first (ties by id), optionally only those
 * fired in [from, to): with the days that hold the page known, the scan starts at the page
 * instead of reading and skipping every newer signal.
 */
export async function signalsPage(
  db: Queryable,
  workspaceId: string,
  filters: SignalFilters,
  page: { skip: number; limit: number; firedFrom?: Date; firedBefore?: Date },
): Promise<StoredSignal[]> {
  const params = new SqlParams();
  const where = signalRowConditions(params, workspaceId, filters);
  if (page.firedFrom) where.push(`s.fired_at >= ${params.add(page.firedFrom)}`);
  if (page.firedBefore) where.push(`s.fired_at < ${params.add(page.firedBefore)}`);
  const { rows } = await db.query(namedStatement(`SELECT ${SIGNAL_COLUMNS} FROM signals s WHERE ${where.join(' AND ')}
     ORDER BY s.fired_at DESC, s.id DESC
     OFFSET ${params.add(page.skip)} LIMIT ${params.add(page.limit)}`, params.values));
  return rows.map((row) => storedSignalRow.parse(row));
}
