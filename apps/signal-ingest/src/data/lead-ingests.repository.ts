import type { Queryable } from '@radar/platform/database';

export interface LeadIngestCounters {
  companies: number;
  itemsReceived: number;
  leadsAdded: number;
}

/** The readings of the provider's followed companies feed (table `lead_ingests`). */
export const leadIngestsRepository = {
  async start(db: Queryable, ingest: { id: string; asOf: string; since: string; startedAt: Date }): Promise<void> {
    await db.query('INSERT INTO lead_ingests (id, as_of, since, started_at) VALUES ($1, $2, $3, $4)', [ingest.id, ingest.asOf, ingest.since, ingest.startedAt]);
  },

  async complete(db: Queryable, id: string, counters: LeadIngestCounters, completedAt: Date): Promise<void> {
    await db.query('UPDATE lead_ingests SET completed_at = $2, companies = $3, items_received = $4, leads_added = $5 WHERE id = $1', [
      id, completedAt, counters.companies, counters.itemsReceived, counters.leadsAdded,
    ]);
  },

  /** The day (YYYY-MM-DD) of the latest complete ingest; null before the first. */
  async lastCompletedAsOf(db: Queryable): Promise<string | null> {
    const { rows } = await db.query<{ as_of: string }>(
      `SELECT to_char(max(as_of), 'YYYY-MM-DD') AS as_of FROM lead_ingests WHERE completed_at IS NOT NULL`,
    );
    return rows[0]?.as_of ?? null;
  },
};
