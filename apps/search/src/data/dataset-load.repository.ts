import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/**
 * Progress of dataset loads, one row per (seed, companies), and the session settings a load
 * runs under: statements only. Loads run on one connection that holds a session advisory
 * lock, so these statements take that connection explicitly.
 */

const datasetLoadRow = z.object({
  seed: z.number(),
  companies: z.number(),
  nextIndex: z.number(),
  completed: z.boolean(),
  followed: z.number(),
  jobPostings: z.number(),
  events: z.number(),
});

export type DatasetLoadRecord = z.output<typeof datasetLoadRow>;

const loadKeyRow = datasetLoadRow.pick({ seed: true, companies: true });

const LOAD_COLUMNS = 'seed, companies, next_index AS "nextIndex", completed, followed, job_postings AS "jobPostings", events';

/** Any fixed number: the advisory lock that lets one dataset load run at a time. */
const LOAD_LOCK = 0x5ea4c4;

/** The load's record, created at index 0 when it is the first attempt. */
export async function beginDatasetLoad(db: Queryable, seed: number, companies: number): Promise<DatasetLoadRecord> {
  await db.query('INSERT INTO dataset_loads (seed, companies) VALUES ($1, $2) ON CONFLICT DO NOTHING', [seed, companies]);
  const { rows } = await db.query(`SELECT ${LOAD_COLUMNS} FROM dataset_loads WHERE seed = $1 AND companies = $2`, [seed, companies]);
  if (!rows[0]) throw new Error(`dataset load (${seed}, ${companies}) vanished`);
  return datasetLoadRow.parse(rows[0]);
}

/** Records that companies below `nextIndex` are stored, with the postings of the last batch among them. */
export async function advanceDatasetLoad(db: Queryable, seed: number, companies: number, nextIndex: number, jobPostings: number): Promise<void> {
  await db.query('UPDATE dataset_loads SET next_index = $3, job_postings = job_postings + $4 WHERE seed = $1 AND companies = $2', [
    seed,
    companies,
    nextIndex,
    jobPostings,
  ]);
}

export async function completeDatasetLoad(db: Queryable, seed: number, companies: number, followed: number, events: number): Promise<void> {
  await db.query('UPDATE dataset_loads SET completed = true, followed = $3, events = $4, finished_at = now() WHERE seed = $1 AND companies = $2', [
    seed,
    companies,
    followed,
    events,
  ]);
}

/** The most recently finished load: the data version search reports (`radar status`). */
export async function latestCompletedDatasetLoad(db: Queryable): Promise<DatasetLoadRecord | undefined> {
  const { rows } = await db.query(`SELECT ${LOAD_COLUMNS} FROM dataset_loads WHERE completed ORDER BY finished_at DESC NULLS LAST LIMIT 1`);
  return rows[0] ? datasetLoadRow.parse(rows[0]) : undefined;
}

/**
 * What the store's loaded data is: every finished load, in the order they finished (a load
 * keeps the rows already stored, so the store holds them all). Changes with any new load,
 * whatever the company count.
 */
export async function datasetDataVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query('SELECT seed, companies FROM dataset_loads WHERE completed ORDER BY finished_at NULLS FIRST, seed, companies');
  return rows
    .map((row) => loadKeyRow.parse(row))
    .map((load) => `${load.seed}x${load.companies}`)
    .join(',');
}

/** Waits until no other connection runs a load, then holds the load lock for this connection's session. */
export async function lockDatasetLoads(connection: Queryable): Promise<void> {
  await connection.query('SELECT pg_advisory_lock($1)', [LOAD_LOCK]);
}

export async function unlockDatasetLoads(connection: Queryable): Promise<void> {
  await connection.query('SELECT pg_advisory_unlock($1)', [LOAD_LOCK]);
}

/** Lifts the pool's per-statement limit for this connection's session (a load's statements outlast a search's). */
export async function liftStatementTimeout(connection: Queryable): Promise<void> {
  await connection.query('SET statement_timeout = 0');
}

/** Back to the pool's per-statement limit. */
export async function resetStatementTimeout(connection: Queryable): Promise<void> {
  await connection.query('RESET statement_timeout');
}

/** Fresh planner statistics of the company store, after a load changed its sizes and value spread. */
export async function analyzeCompanyStore(db: Queryable): Promise<void> {
  await db.query('ANALYZE companies, company_domains, company_connections, job_postings');
}
