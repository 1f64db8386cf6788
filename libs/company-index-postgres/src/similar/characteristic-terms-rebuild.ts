import type { Pool, PoolClient } from 'pg';
import { CHARACTERISTIC_TERMS } from '@radar/company-index';
import { CURRENT_DATA_VERSION } from '../facet-summaries';
import { inRebuildTransaction, REBUILD_LOCKS } from '../rebuild-transaction';

/**
 * The characteristic terms of every description: its lexemes (english stemming, as the
 * free-text query reads text) by tf-idf over the whole index, tf the lexeme's occurrences in
 * the description and idf ln(companies / descriptions holding it), the best 25, ties by lexeme
 * in code-point order.
 */
const CHARACTERISTIC_TERMS_SQL = `
  INSERT INTO company_characteristic_terms (company_id, terms)
  WITH tf AS (
    SELECT c.id, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf
    FROM companies c CROSS JOIN LATERAL unnest(to_tsvector('english'::regconfig, c.description)) AS u(lexeme, positions, weights)
    WHERE c.description IS NOT NULL
  ),
  df AS (SELECT lexeme, count(*)::float8 AS df FROM tf GROUP BY lexeme),
  n AS (SELECT count(*)::float8 AS n FROM companies)
  SELECT tf.id, (array_agg(tf.lexeme ORDER BY tf.tf * ln(n.n / df.df) DESC, tf.lexeme COLLATE "C"))[1:${CHARACTERISTIC_TERMS}]
  FROM tf JOIN df USING (lexeme) CROSS JOIN n
  GROUP BY tf.id`;

async function buildCharacteristicTerms(client: PoolClient, version: string): Promise<void> {
  // DELETE, not TRUNCATE: similar-company searches reading the old rows are not blocked meanwhile.
  await client.query('DELETE FROM company_characteristic_terms');
  await client.query(CHARACTERISTIC_TERMS_SQL);
  await client.query('UPDATE company_characteristic_terms_state SET data_version = $1::bigint', [version]);
}

/** Brings the characteristic terms to the current data version unless they are there already. */
export async function rebuildCharacteristicTerms(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ fresh: boolean }>(
    `SELECT (SELECT data_version FROM company_characteristic_terms_state) = ${CURRENT_DATA_VERSION} AS fresh`,
  );
  if (rows[0]?.fresh) return;
  await inRebuildTransaction(pool, REBUILD_LOCKS.characteristicTerms, buildCharacteristicTerms);
}
