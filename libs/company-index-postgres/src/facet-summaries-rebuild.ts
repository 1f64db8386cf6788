import type { Pool } from 'pg';
import {
  MARK_SUMMARIES_FRESH_SQL,
  MARK_SUMMARIES_STALE_SQL,
  MIN_SUMMARISED_CITY_COMPANIES,
  rebuildSummariesSql,
  REBUILD_TECHNOLOGY_SUMMARIES_SQL,
  SUMMARIES_ARE_FRESH_SQL,
} from './facet-summaries';
import { inRebuildTransaction, REBUILD_LOCKS } from './rebuild-transaction';

/** One half in its own rebuild transaction; answers the data version it was counted at. */
async function rebuildHalf(pool: Pool, lock: number, statements: readonly string[]): Promise<string> {
  const { version } = await inRebuildTransaction(pool, lock, async (client) => {
    for (const statement of statements) await client.query(statement);
  });
  return version;
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
    rebuildHalf(pool, REBUILD_LOCKS.scalarSummaries, rebuildSummariesSql(minCityCompanies)),
    rebuildHalf(pool, REBUILD_LOCKS.technologySummaries, REBUILD_TECHNOLOGY_SUMMARIES_SQL),
  ]);
  if (scalar === technology) await pool.query(MARK_SUMMARIES_FRESH_SQL, [scalar]);
}
