import { Pool } from 'pg';
import { testInfrastructure } from '@radar/platform/testing';
import { isStopWord, POSTGRES_ENGLISH_STOP_WORDS } from './postgres-stop-words';

describe('POSTGRES_ENGLISH_STOP_WORDS', () => {
  let pool: Pool;

  beforeAll(() => {
    pool = new Pool({ connectionString: testInfrastructure.postgresUrl, max: 1 });
  });

  afterAll(async () => {
    await pool.end();
  });

  it('is the stop file of the PostgreSQL server, word for word and in its order', async () => {
    const { rows } = await pool.query<{ file: string }>(
      `SELECT pg_read_file((SELECT setting FROM pg_config WHERE name = 'SHAREDIR') || '/tsearch_data/english.stop') AS file`,
    );
    const words = (rows[0]?.file ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '');
    expect(POSTGRES_ENGLISH_STOP_WORDS).toEqual(words);
  });

  it('holds exactly the words the english configuration drops', async () => {
    const { rows } = await pool.query<{ word: string; dropped: boolean }>(
      `SELECT word, ts_lexize('english_stem', word) = '{}' AS dropped FROM unnest($1::text[]) AS word`,
      [[...POSTGRES_ENGLISH_STOP_WORDS, 'cloud', 'us', 'bank', 'o']],
    );
    expect(rows.filter((row) => row.dropped).map((row) => row.word)).toEqual(POSTGRES_ENGLISH_STOP_WORDS);
  });

  it('answers for lower-case words', () => {
    expect([isStopWord('about'), isStopWord('we'), isStopWord('cloud'), isStopWord('us')]).toEqual([true, true, false, false]);
  });
});
