import type { Pool } from 'pg';
import {
  CURRENT_DATA_VERSION_SQL,
  LOCK_FOR_SUMMARY_SQL,
  MARK_SUMMARIES_FRESH_SQL,
  MARK_SUMMARIES_STALE_SQL,
  MIN_SUMMARISED_CITY_COMPANIES,
  rebuildSummariesSql,
  REBUILD_TECHNOLOGY_SUMMARIES_SQL,
  SUMMARIES_ARE_FRESH_SQL,
} from './facet-summaries';

/** Any fixed numbers: one rebuild of each half at a time (two at once would insert the same keys). */
const REBUILD_LOCKS = [0x5ea4c5, 0x5ea4c6] as const;
/** The rebuild's hash aggregation keeps its groups (about 250,000 rows) in memory instead of spilling. */
const REBUILD_WORK_MEM = '256MB';

/** One half in its own transaction: writers wait meanwhile, so the version read after the lock is the data's. */
async function rebuildHalf(pool: Pool, lock: number, statements: readonly string[]): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      // A rebuild outlasts the per-statement limit of searches.
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query(`SET LOCAL work_mem = '${REBUILD_WORK_MEM}'`);
      await client.query('SELECT pg_advisory_xact_lock($1)', [lock]);
      await client.query(LOCK_FOR_SUMMARY_SQL);
      const { rows } = await client.query<{ version: string }>(CURRENT_DATA_VERSION_SQL);
      for (const statement of statements) await client.query(statement);
      await client.query('COMMIT');
      return rows[0]?.version ?? '';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

/** VACUUM sets the visibility map of the loaded pages, which index-only scans (counts) need. */
async function vacuumCompanies(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('VACUUM companies');
  } finally {
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

/**
 * Brings the facet summaries to the current data version, unless they are there already.
 * Both halves are counted at once on two connections (a core each); the summaries count as
 * fresh only when both halves saw the same version and no write came after them.
 * `minCityCompanies`: MIN_SUMMARISED_CITY_COMPANIES unless a test needs cities summarised at a few companies.
 */
export async function rebuildFacetSummaries(pool: Pool, minCityCompanies = MIN_SUMMARISED_CITY_COMPANIES): Promise<void> {
  const { rows } = await pool.query<{ fresh: boolean }>(SUMMARIES_ARE_FRESH_SQL);
  if (rows[0]?.fresh) return;
  await vacuumCompanies(pool);
  await pool.query(MARK_SUMMARIES_STALE_SQL);
  const [scalar, technology] = await Promise.all([
    rebuildHalf(pool, REBUILD_LOCKS[0], rebuildSummariesSql(minCityCompanies)),
    rebuildHalf(pool, REBUILD_LOCKS[1], REBUILD_TECHNOLOGY_SUMMARIES_SQL),
  ]);
  if (scalar === technology) await pool.query(MARK_SUMMARIES_FRESH_SQL, [scalar]);
}
