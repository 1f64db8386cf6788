import fc from 'fast-check';
import { Pool } from 'pg';
import { generateCompanies } from '@radar/dataset';
import { testInfrastructure } from '@radar/platform/testing';
import { englishLexemes } from './description-lexemes';
import { englishStem } from './english-stemmer';
import { postgresTokens } from './postgres-text-tokens';

/**
 * The reading is checked against PostgreSQL itself: tokens against `ts_debug('english', ...)`,
 * stems against `ts_lexize('english_stem', ...)`, lexemes and their counts against
 * `to_tsvector('english', ...)`, on the descriptions the dataset generates and on text made of
 * their characters at random.
 */
let pool: Pool;

beforeAll(() => {
  pool = new Pool({ connectionString: testInfrastructure.postgresUrl, max: 1 });
});

afterAll(async () => {
  await pool.end();
});

async function postgresTokensOf(texts: string[]): Promise<string[][]> {
  const { rows } = await pool.query<{ tokens: string[] }>(
    `SELECT coalesce((SELECT array_agg(alias || ':' || token ORDER BY n) FROM ts_debug('english', t) WITH ORDINALITY AS d(alias, description, token, dictionaries, dictionary, lexemes, n)), '{}') AS tokens
     FROM unnest($1::text[]) WITH ORDINALITY AS texts(t, i) ORDER BY i`,
    [texts],
  );
  return rows.map((row) => row.tokens);
}

async function postgresLexemesOf(texts: string[]): Promise<Record<string, number>[]> {
  const { rows } = await pool.query<{ lexemes: Record<string, number> | null }>(
    `SELECT (SELECT jsonb_object_agg(lexeme, coalesce(array_length(positions, 1), 1)) FROM unnest(to_tsvector('english', t))) AS lexemes
     FROM unnest($1::text[]) WITH ORDINALITY AS texts(t, i) ORDER BY i`,
    [texts],
  );
  return rows.map((row) => row.lexemes ?? {});
}

const ours = (text: string) => postgresTokens(text).map((token) => `${token.type}:${token.text}`);
const ourLexemes = (text: string) => Object.fromEntries([...englishLexemes(text)].sort());
const sortedObject = (object: Record<string, number>) => Object.fromEntries(Object.entries(object).sort());

/** Texts whose reading turns on the parser's fallbacks, with the characters descriptions use. */
const EDGE_TEXTS = [
  'Hua & Wang Co., Ltd. is a family-owned, fast-growing B2B cafe in Zürich.',
  'S.A. S.A S.A., S.A.S. S.p.A. Sp. z o.o. A/S, (Pvt.) D.C., N.V.',
  'Glattbrugg / Wydacker/Bettacker/Lättenwiesen, Grossacker/Opfikon, Zürich/Opfikon, AB/Ströer',
  'node.js St.Louis acme.com. ab.cd-ef.gh Ab12.cd 12.ab ab.12 a.1.b v2.0 no.1 ab_cd.ef',
  'x-y/z a/b-c a.b-c a-b.c Oyster/Yellow-Creek Yellow-Creek/Oyster Düsseldorf-Ost/Süd-x Mo/Lé-x',
  'Covid-19 e-2 24-hour 3-D B2B-focused 1st-class first-1 well-known-1 a-b-1 x1-y2 x1-2 ab-12cd 12-ab a-12-b',
  'a--b -abc abc- x-y- x-y--z l\'x-y children\'s O\'Brien ‘quoted’ [x] Jōsō-shi ḵa-b k̲a',
  '3e5 3e -1.5 +7 1.2.3.4 12.34 -1.2.3 10% $5 5,000 2.5M 1996, 10th 19A 3ra web3',
  'a&b a &amp; b &#38; &#x26; AT&T x/ä a.ä a/ a./b /usr/bin ../x .. ~user/x',
  'İzmir ÖSTERBERG ΣΑΣ Ｚeta 𝔘nicode Straße ǅemal Aybastı İlçesi',
];

describe('the tokens of a text', () => {
  it('cuts the edge cases as ts_debug does', async () => {
    const expected = await postgresTokensOf(EDGE_TEXTS);
    expect(EDGE_TEXTS.map(ours)).toEqual(expected);
  });

  it('cuts random text of the characters descriptions use as ts_debug does', async () => {
    const pieces = ['a', 'B', 'é', 'Ö', 'ı', 'k\u0331', '1', '9', '.', '-', '/', '_', '&', "'", '’', ',', ' ', '(', ')', 'e', 'x', 'co', 'ab', '&amp;'];
    const texts = fc.sample(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 14 }).map((parts) => parts.join('')), { numRuns: 2_000, seed: 42 });
    const expected = await postgresTokensOf(texts);
    const mismatches = texts.filter((text, index) => JSON.stringify(ours(text)) !== JSON.stringify(expected[index]));
    expect(mismatches.map((text) => ({ text, ours: ours(text), postgres: expected[texts.indexOf(text)] }))).toEqual([]);
  });
});

describe('the English stem of a word', () => {
  it("stems every word of the generated descriptions as PostgreSQL's english_stem does", async () => {
    const words = new Set<string>(['generously', 'communal', 'arsenal', 'organic', 'emergence', 'universe', 'dyed', 'skies', 'inning', 'succeeded', 'sayyid', 'yyes', 'hoping', 'hopping', 'conditional', 'luxuriously', 'ties', 'cries', 'gas', 'kiwis', 'caresses', 'agreed', 'feed', 'bled', 'zürich', 'ai-powered', 'family-owned']);
    for (const company of generateCompanies({ seed: 13, count: 20_000 })) {
      for (const word of (company.description ?? '').toLowerCase().split(/[^\p{L}\p{M}-]+/u)) if (word !== '') words.add(word);
    }
    const list = [...words];
    const { rows } = await pool.query<{ stem: string | null }>(
      `SELECT (ts_lexize('english_stem', w))[1] AS stem FROM unnest($1::text[]) WITH ORDINALITY AS words(w, i) ORDER BY i`,
      [list],
    );
    const mismatches = list.flatMap((word, index) => {
      const expected = rows[index]?.stem;
      return expected !== null && expected !== undefined && englishStem(word) !== expected ? [{ word, ours: englishStem(word), postgres: expected }] : [];
    });
    expect(mismatches).toEqual([]);
  });
});

describe('the lexemes of a description', () => {
  it('reads the edge cases as to_tsvector does', async () => {
    const expected = await postgresLexemesOf(EDGE_TEXTS);
    expect(EDGE_TEXTS.map(ourLexemes)).toEqual(expected.map(sortedObject));
  });

  it.each([3, 29])('reads every description the dataset generates as to_tsvector does (seed %i)', async (seed) => {
    const texts = [...generateCompanies({ seed, count: 8_000 })].flatMap((company) => (company.description === null ? [] : [company.description]));
    const expected = await postgresLexemesOf(texts);
    const mismatches = texts.flatMap((text, index) => {
      const theirs = sortedObject(expected[index] ?? {});
      const mine = ourLexemes(text);
      return JSON.stringify(mine) === JSON.stringify(theirs) ? [] : [{ text, ours: mine, postgres: theirs }];
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
