import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/** The readings of the provider's followed companies feed (table `lead_ingests`). */

export interface LeadIngestCounters {
  companies: number;
  itemsReceived: number;
  leadsAdded: number;
}

const lastCompletedRow = z.object({ as_of: z.string().nullable() });

/** Notes a reading as begun; it counts only once completed. */
export async function startLeadIngest(db: Queryable, ingest: { id: string; asOf: string; since: string; startedAt: Date }): Promise<void> {
  await db.query('INSERT INTO lead_ingests (id, as_of, since, started_at) VALUES ($1, $2, $3, $4)', [ingest.id, ingest.asOf, ingest.since, ingest.startedAt]);
}

/** Notes a reading as complete, with what it read. */
export async function completeLeadIngest(db: Queryable, id: string, counters: LeadIngestCounters, completedAt: Date): Promise<void> {
  await db.query('UPDATE lead_ingests SET completed_at = $2, companies = $3, items_received = $4, leads_added = $5 WHERE id = $1', [
    id, completedAt, counters.companies, counters.itemsReceived, counters.leadsAdded,
  ]);
}

/** The day (YYYY-MM-DD) of the latest complete ingest; null before the first. */
export async function lastCompletedIngestDay(db: Queryable): Promise<string | null> {
  const { rows } = await db.query(`SELECT to_char(max(as_of), 'YYYY-MM-DD') AS as_of FROM lead_ingests WHERE completed_at IS NOT NULL`);
  return lastCompletedRow.parse(rows[0]).as_of;
}
