import type { Pool, PoolClient } from 'pg';
import { CURRENT_DATA_VERSION, CURRENT_DATA_VERSION_SQL, LOCK_FOR_SUMMARY_SQL } from './facet-summaries';
import { keywordTerms } from './keyword-terms';

/** Any fixed number: one rebuild at a time. */
const REBUILD_LOCK = 0x5ea4c7;
/** Companies read and their terms written per round trip. */
const BATCH = 5_000;
/** The grouping of every (term, ordinal) pair (75 million at 1M companies) sorts in memory in large runs. */
const REBUILD_WORK_MEM = '256MB';

export const KEYWORD_POSTINGS_ARE_FRESH_SQL = `SELECT (SELECT data_version FROM company_keyword_postings_state) = ${CURRENT_DATA_VERSION} AS fresh`;

/** Terms are joined with a tab, which KEYWORD_TEXT never holds (only letters, digits, spaces and "|"). */
const TERM_SEPARATOR = '\t';

/**
 * Reads every company's KEYWORD_TEXT in id order (the ordinals) and writes its terms to a
 * temporary table, a batch at a time, on the rebuilding connection.
 */
async function stageTerms(client: PoolClient): Promise<number> {
  await client.query(`CREATE TEMPORARY TABLE keyword_terms_staging (ordinal integer NOT NULL, terms text[] NOT NULL) ON COMMIT DROP`);
  await client.query('DECLARE company_keyword_texts NO SCROLL CURSOR FOR SELECT c.keyword_text FROM companies c ORDER BY c.id');
  let ordinal = 0;
  for (;;) {
    const { rows } = await client.query<{ keyword_text: string }>(`FETCH ${BATCH} FROM company_keyword_texts`);
    if (rows.length === 0) break;
    const ordinals = rows.map((_, index) => ordinal + index);
    const terms = rows.map((row) => keywordTerms(row.keyword_text).join(TERM_SEPARATOR));
    await client.query(
      `INSERT INTO keyword_terms_staging (ordinal, terms)
       SELECT o, string_to_array(t, E'\\t') FROM unnest($1::int[], $2::text[]) AS s(o, t)`,
      [ordinals, terms],
    );
    ordinal += rows.length;
  }
  await client.query('CLOSE company_keyword_texts');
  return ordinal;
}

/**
 * Brings the keyword postings to the current data version, unless they are there already. One
 * transaction: writers to companies wait (a SHARE lock), so the ordinals and the version read
 * under the lock describe the same rows; searches keep reading the previous postings (and,
 * seeing them stale, count live) until it commits. About 90 s at 1M companies
 * (docs/performance.md).
 */
export async function rebuildKeywordPostings(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ fresh: boolean }>(KEYWORD_POSTINGS_ARE_FRESH_SQL);
  if (rows[0]?.fresh) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query(`SET LOCAL work_mem = '${REBUILD_WORK_MEM}'`);
      await client.query('SELECT pg_advisory_xact_lock($1)', [REBUILD_LOCK]);
      await client.query(LOCK_FOR_SUMMARY_SQL);
      const version = (await client.query<{ version: string }>(CURRENT_DATA_VERSION_SQL)).rows[0]?.version ?? '';
      const companies = await stageTerms(client);
      // DELETE, not TRUNCATE: searches reading the old rows are not blocked meanwhile.
      await client.query('DELETE FROM company_keyword_postings');
      // Ordinals in each list come in no particular order: the reader keeps them in a bit set.
      await client.query(
        `INSERT INTO company_keyword_postings (term, ordinals)
         SELECT t.term, array_agg(s.ordinal) FROM keyword_terms_staging s CROSS JOIN LATERAL unnest(s.terms) AS t(term) GROUP BY t.term`,
      );
      await client.query('UPDATE company_keyword_postings_state SET data_version = $1::bigint, companies = $2::int', [version, companies]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}
