import type { Pool, PoolClient } from 'pg';
import { CURRENT_DATA_VERSION, CURRENT_DATA_VERSION_SQL, LOCK_FOR_SUMMARY_SQL } from './facet-summaries';
import { keywordTerms } from './keyword-terms';
import { lexemeRank } from './sort-sql';

/** Any fixed numbers: one rebuild of each kind at a time. */
const REBUILD_LOCKS = { keywords: 0x5ea4c7, text: 0x5ea4c8 } as const;
/** Companies read and their terms written per round trip. */
const BATCH = 5_000;
/** The grouping of every (term, ordinal) pair (75 million at 1M companies) sorts in memory in large runs. */
const REBUILD_WORK_MEM = '256MB';

const POSTINGS_FRESHNESS_SQL = `
  SELECT (SELECT data_version FROM company_keyword_postings_state) = ${CURRENT_DATA_VERSION} AS keywords,
         (SELECT data_version FROM company_text_postings_state) = ${CURRENT_DATA_VERSION} AS text`;

/** Terms are joined with a tab, which KEYWORD_TEXT never holds (only letters, digits, spaces and "|"). */
const TERM_SEPARATOR = '\t';

/**
 * Reads every company's KEYWORD_TEXT in id order (the ordinals) and writes its terms to a
 * temporary table, a batch at a time, on the rebuilding connection.
 */
async function stageTerms(client: PoolClient): Promise<void> {
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
}

/** One rebuild in its own transaction: writers to companies wait (a SHARE lock), so the ordinals and the version read under the lock describe the same rows. */
async function rebuildLocked(pool: Pool, lock: number, build: (client: PoolClient, version: string) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query(`SET LOCAL work_mem = '${REBUILD_WORK_MEM}'`);
      await client.query('SELECT pg_advisory_xact_lock($1)', [lock]);
      await client.query(LOCK_FOR_SUMMARY_SQL);
      const version = (await client.query<{ version: string }>(CURRENT_DATA_VERSION_SQL)).rows[0]?.version ?? '';
      await build(client, version);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

async function buildKeywordPostings(client: PoolClient, version: string): Promise<void> {
  await stageTerms(client);
  // DELETE, not TRUNCATE: searches reading the old rows are not blocked meanwhile.
  await client.query('DELETE FROM company_keyword_postings');
  // Ordinals in each list come in no particular order: the reader keeps them in a bit set.
  await client.query(
    `INSERT INTO company_keyword_postings (term, ordinals)
     SELECT t.term, string_agg(int4send(s.ordinal), ''::bytea) FROM keyword_terms_staging s CROSS JOIN LATERAL unnest(s.terms) AS t(term) GROUP BY t.term`,
  );
  await client.query('UPDATE company_keyword_postings_state SET data_version = $1::bigint', [version]);
}

async function buildTextPostings(client: PoolClient, version: string): Promise<void> {
  await client.query('DELETE FROM company_text_postings');
  // The two aggregates of a group see its rows in the same order: ordinals and ranks line up.
  await client.query(
    `INSERT INTO company_text_postings (lexeme, ordinals, ranks)
     SELECT u.lexeme, string_agg(int4send(c.ordinal), ''::bytea), string_agg(float4send(${lexemeRank('c.search_vector', 'u.lexeme')}), ''::bytea)
     FROM (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS ordinal, search_vector FROM companies) AS c
     CROSS JOIN LATERAL unnest(c.search_vector) AS u(lexeme, positions, weights)
     GROUP BY u.lexeme`,
  );
  await client.query('UPDATE company_text_postings_state SET data_version = $1::bigint', [version]);
}

/**
 * Brings the keyword and free-text postings to the current data version, each unless it is
 * there already, both at once on two connections. Searches keep reading the previous postings
 * (and, seeing them stale, count live) until each commits. About 90 s at 1M companies
 * (docs/performance.md).
 */
export async function rebuildSearchPostings(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ keywords: boolean; text: boolean }>(POSTINGS_FRESHNESS_SQL);
  await Promise.all([
    rows[0]?.keywords ? undefined : rebuildLocked(pool, REBUILD_LOCKS.keywords, buildKeywordPostings),
    rows[0]?.text ? undefined : rebuildLocked(pool, REBUILD_LOCKS.text, buildTextPostings),
  ]);
}
