import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '@radar/platform/database';
import { CURRENT_DATA_VERSION_SQL, LOCK_FOR_SUMMARY_SQL } from './facet-summaries';

/**
 * Any fixed numbers, one per kind of derived data: one rebuild of each at a time (two at once
 * would insert the same keys).
 */
export const REBUILD_LOCKS = {
  scalarSummaries: 0x5ea4c5,
  technologySummaries: 0x5ea4c6,
  keywordPostings: 0x5ea4c7,
  textPostings: 0x5ea4c8,
  characteristicTerms: 0x5ea4c9,
} as const;

/** Rebuilds group a million companies' rows; their hash aggregations and sorts stay in memory instead of spilling. */
const REBUILD_WORK_MEM = '256MB';

/**
 * Runs `build` in one transaction that holds writers to companies off (a SHARE lock, waiting
 * for those in flight), so the data version read after the lock is the version of the rows
 * `build` reads. The rebuild outlasts the per-statement limit of searches. Answers `build`'s
 * result and that version.
 */
export async function inRebuildTransaction<T>(
  pool: Pool,
  lock: number,
  build: (client: PoolClient, version: string) => Promise<T>,
): Promise<{ result: T; version: string }> {
  return inTransaction(pool, async (client) => {
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query(`SET LOCAL work_mem = '${REBUILD_WORK_MEM}'`);
    await client.query('SELECT pg_advisory_xact_lock($1)', [lock]);
    await client.query(LOCK_FOR_SUMMARY_SQL);
    const version = (await client.query<{ version: string }>(CURRENT_DATA_VERSION_SQL)).rows[0]?.version ?? '';
    return { result: await build(client, version), version };
  });
}
