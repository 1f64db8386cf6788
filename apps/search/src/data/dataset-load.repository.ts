import type { Queryable } from '@radar/platform/database';

export interface DatasetLoadRecord {
  seed: number;
  companies: number;
  nextIndex: number;
  completed: boolean;
  followed: number;
  jobPostings: number;
  events: number;
}

interface Row {
  seed: number;
  companies: number;
  next_index: number;
  completed: boolean;
  followed: number;
  job_postings: number;
  events: number;
}

const toRecord = (row: Row): DatasetLoadRecord => ({
  seed: row.seed,
  companies: row.companies,
  nextIndex: row.next_index,
  completed: row.completed,
  followed: row.followed,
  jobPostings: row.job_postings,
  events: row.events,
});

/**
 * Progress of dataset loads, one row per (seed, companies). Loads run on one connection that
 * holds a session advisory lock, so these statements take that connection explicitly.
 */
export const datasetLoads = {
  /** The load's record, created at index 0 when it is the first attempt. */
  async begin(db: Queryable, seed: number, companies: number): Promise<DatasetLoadRecord> {
    await db.query('INSERT INTO dataset_loads (seed, companies) VALUES ($1, $2) ON CONFLICT DO NOTHING', [seed, companies]);
    const { rows } = await db.query<Row>(
      'SELECT seed, companies, next_index, completed, followed, job_postings, events FROM dataset_loads WHERE seed = $1 AND companies = $2',
      [seed, companies],
    );
    const row = rows[0];
    if (!row) throw new Error(`dataset load (${seed}, ${companies}) vanished`);
    return toRecord(row);
  },

  /** Records that companies below `nextIndex` are stored, with the postings of the last batch among them. */
  async advance(db: Queryable, seed: number, companies: number, nextIndex: number, jobPostings: number): Promise<void> {
    await db.query(
      'UPDATE dataset_loads SET next_index = $3, job_postings = job_postings + $4 WHERE seed = $1 AND companies = $2',
      [seed, companies, nextIndex, jobPostings],
    );
  },

  /** The most recently finished load: the data version search reports (`radar status`). */
  async latestCompleted(db: Queryable): Promise<DatasetLoadRecord | undefined> {
    const { rows } = await db.query<Row>(
      `SELECT seed, companies, next_index, completed, followed, job_postings, events FROM dataset_loads
       WHERE completed ORDER BY finished_at DESC NULLS LAST LIMIT 1`,
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  },

  /**
   * What the store's loaded data is: every finished load, in the order they finished (a load
   * keeps the rows already stored, so the store holds them all). Changes with any new load,
   * whatever the company count.
   */
  async dataVersion(db: Queryable): Promise<string> {
    const { rows } = await db.query<{ seed: number; companies: number }>(
      'SELECT seed, companies FROM dataset_loads WHERE completed ORDER BY finished_at NULLS FIRST, seed, companies',
    );
    return rows.map((row) => `${row.seed}x${row.companies}`).join(',');
  },

  async complete(db: Queryable, seed: number, companies: number, followed: number, events: number): Promise<void> {
    await db.query(
      'UPDATE dataset_loads SET completed = true, followed = $3, events = $4, finished_at = now() WHERE seed = $1 AND companies = $2',
      [seed, companies, followed, events],
    );
  },
};
