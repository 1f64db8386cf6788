import { Pool } from 'pg';
import { testInfrastructure } from '@radar/platform/testing';
import { expandFreeTextQuery } from '@radar/company-index';
import { SYNONYM_GROUPS } from '@radar/company-index';
import { SqlParams } from './sql-params';
import { freeTextQuerySql, textQuerySql } from './text-query-sql';

/** Evaluates expressions only (no table is read or written), so the server's default database serves every test. */
let pool: Pool;
beforeAll(() => {
  pool = new Pool({ connectionString: testInfrastructure.postgresUrl, max: 2 });
});
afterAll(async () => {
  await pool.end();
});

/** The tsquery of a query as the search runs it, and the lexemes its relevance adds up. */
async function evaluate(text: string): Promise<{ tsquery: string; lexemes: string[] }> {
  const params = new SqlParams();
  const sql = freeTextQuerySql(text, params);
  const { rows } = await pool.query<{ tsquery: string; lexemes: string[] }>(
    `SELECT ${sql.tsquery}::text AS tsquery, tsvector_to_array(to_tsvector('english', ${sql.words})) AS lexemes`,
    params.values,
  );
  return rows[0] as { tsquery: string; lexemes: string[] };
}

describe('free-text query as a tsquery', () => {
  it.each([
    'cloud security',
    '"machine learning" or robotics -hardware',
    'supply-chain software',
    'the and of',
    'a!b (c) d:e',
    "o'reilly back\\slash",
    'or cloud or',
  ])('searches %j, which has no synonyms, exactly as websearch_to_tsquery does', async (text) => {
    const { rows } = await pool.query<{ tsquery: string; lexemes: string[] }>(
      `SELECT websearch_to_tsquery('english', $1)::text AS tsquery, tsvector_to_array(to_tsvector('english', $1)) AS lexemes`,
      [text],
    );
    expect(expandFreeTextQuery(text).branches).toBeUndefined();
    expect(await evaluate(text)).toEqual(rows[0]);
  });

  it('ORs the alternatives of a word, each alternative with all of its words', async () => {
    expect(await evaluate('AI')).toEqual({ tsquery: `'ai' | 'artifici' & 'intellig'`, lexemes: ['ai', 'artifici', 'intellig'] });
    expect((await evaluate('dentists near me')).tsquery).toBe(`'near' & ( 'dentist' | 'dental' | 'dentist' | 'dentistri' )`);
  });

  it('keeps what has no synonyms as websearch reads it, and drops parts of stop words only, as websearch does', async () => {
    expect((await evaluate('"dental care" crm')).tsquery).toBe(`'dental' <-> 'care' & ( 'crm' | 'custom' & 'relationship' & 'manag' )`);
    expect((await evaluate('the dental')).tsquery).toBe(`'dental' | 'dentist' | 'dentistri'`);
    // "IT" is a stop word: only its spelled-out form is searched.
    expect((await evaluate('IT outsourcing')).tsquery).toBe(`'outsourc' & 'inform' & 'technolog'`);
  });

  it('ORs or-branches, each with its own synonyms', async () => {
    expect(await evaluate('hr or crm software')).toEqual({
      tsquery: `'hr' | 'human' & 'resourc' | 'softwar' & ( 'crm' | 'custom' & 'relationship' & 'manag' )`,
      lexemes: ['crm', 'custom', 'hr', 'human', 'manag', 'relationship', 'resourc', 'softwar'],
    });
  });

  it('puts a query of one shape in the same statement text whatever its words', () => {
    const statement = (text: string) => textQuerySql(expandFreeTextQuery(text), new SqlParams()).tsquery;
    expect(statement('hr software')).toBe(statement('ev charging'));
  });

  it('keeps every word of every synonym entry through the English configuration (no stop word inside an entry; "it" is one as a whole)', async () => {
    const alternatives = SYNONYM_GROUPS.flat().filter((entry) => entry !== 'it').map((entry) => entry.split('-').join(' '));
    const { rows } = await pool.query<{ entry: string; lexemes: number }>(
      `SELECT e AS entry, coalesce(array_length(tsvector_to_array(to_tsvector('english', e)), 1), 0) AS lexemes FROM unnest($1::text[]) AS e`,
      [alternatives],
    );
    const wordCount = (entry: string) => new Set(entry.split(' ')).size;
    expect(rows.filter((row) => row.lexemes !== wordCount(row.entry))).toEqual([]);
    const { rows: it } = await pool.query<{ empty: boolean }>(`SELECT websearch_to_tsquery('english', 'it')::text = '' AS empty`);
    expect(it[0]?.empty).toBe(true);
  });
});
