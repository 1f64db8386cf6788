import type { Pool, PoolClient } from 'pg';
import { CURRENT_DATA_VERSION } from './facet-summaries';
import { keywordTerms } from './keyword-terms';
import { inRebuildTransaction, REBUILD_LOCKS } from './rebuild-transaction';
import { lexemeRank } from './sort-sql';

/** Companies read and their terms written per round trip. */
const BATCH = 5_000;

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
    rows[0]?.keywords ? undefined : inRebuildTransaction(pool, REBUILD_LOCKS.keywordPostings, buildKeywordPostings),
    rows[0]?.text ? undefined : inRebuildTransaction(pool, REBUILD_LOCKS.textPostings, buildTextPostings),
  ]);
}
