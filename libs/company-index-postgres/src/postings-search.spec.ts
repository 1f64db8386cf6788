import type { Pool } from 'pg';
import { SEARCH_TOTAL_CAP, type CompanyFilters } from '@radar/contracts';
import { generateCompanies } from '@radar/dataset';
import { matchSetOf, referenceAggregations, referenceOrder, wordsOf } from '@radar/company-index/testing';
import { writeCompanies } from './company-store.writer';
import { toIndexedCompany } from '@radar/company-index';
import { normalizeFilters } from '@radar/company-index';
import type { IndexedCompany, PagePosition, SortSpec } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { useIndexedDatabase } from '../test/indexed-database';
import { keywordTerms, phraseTerm } from './keyword-terms';
import { addPackedOrdinals } from './bit-set';
import { PostingsSearch } from './postings-search';
import { parseTsQuery } from './tsquery-text';
import { PostgresCompanyIndex } from './postgres-company-index';

const SEED = 7;
const COUNT = 300;

const companies: IndexedCompany[] = [...generateCompanies({ seed: SEED, count: COUNT })].map((company) => toIndexedCompany(company, SEED, COUNT));

/** KEYWORD_TEXT of a company as PostgreSQL computes it (filter-sql.ts). */
const keywordTextOf = (company: IndexedCompany): string => ` ${wordsOf(company.name).join(' ')} | ${wordsOf(company.description).join(' ')} `;

/** Terms of `words` words with the number of companies holding them, commonest first (ties by term). */
function termsByCompanies(words: number): [string, number][] {
  const counts = new Map<string, number>();
  for (const company of companies) {
    for (const term of keywordTerms(keywordTextOf(company))) {
      if (term.split(' ').length === words) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

const commonestTerm = (words: number, rank = 0): string => termsByCompanies(words)[rank]?.[0] as string;
/** Held by a handful of companies: the page is ranked from the matches themselves, not along the sort order of all companies. */
const rareTerm = termsByCompanies(2).find(([, held]) => held >= 4 && held * 16 < COUNT)?.[0] as string;

const oneWord = commonestTerm(1, 3);
const twoWords = commonestTerm(2);
const otherTwoWords = commonestTerm(2, 5);
const threeWords = commonestTerm(3, 2);
const country = companies.find((company) => company.country !== null)?.country as string;
const industry = companies.find((company) => company.industry !== null)?.industry as string;
const technology = companies.find((company) => company.technologies.length > 0)?.technologies[0] as string;

const useKeywordIndex = (databaseName: string) => useIndexedDatabase(databaseName, companies);

/** Every row of a search in order, following the page positions. */
async function allPages(index: PostgresCompanyIndex, request: CompanyFilters, sort: SortSpec, limit: number): Promise<string[]> {
  const { filters } = normalizeFilters(request);
  const ids: string[] = [];
  let after: PagePosition | undefined;
  for (let page = 0; page < 100; page += 1) {
    const answer = await index.search(filters, sort, limit, after);
    ids.push(...answer.items.map((item) => item.company_id));
    if (!answer.next) return ids;
    after = answer.next;
  }
  throw new Error('paging did not end');
}

/** Makes a term's postings claim every company: a search answered from the postings then shows it. */
async function claimEveryCompany(pool: Pool, term: string): Promise<void> {
  await pool.query(`UPDATE company_keyword_postings SET ordinals = (SELECT string_agg(int4send(o), ''::bytea) FROM generate_series(0, $2::int - 1) AS o) WHERE term = $1`, [term, COUNT]);
}

describe('keyword terms', () => {
  it('cuts each part of the keyword text into runs of one to three words that stay within the part', () => {
    expect(keywordTerms(' acme labs | cloud based ml ').sort()).toEqual(
      ['acme', 'labs', 'acme labs', 'cloud', 'based', 'ml', 'cloud based', 'based ml', 'cloud based ml'].sort(),
    );
  });

  it('lists a repeated run once and skips an empty name', () => {
    expect(keywordTerms('  | go go ').sort()).toEqual(['go', 'go go'].sort());
  });

  it('looks a phrase up by its words, has no term for a phrase without words, and leaves longer phrases to the trigram index', () => {
    expect(phraseTerm(' Machine-Learning ')).toBe('machine learning');
    expect(phraseTerm('++')).toBeNull();
    expect(phraseTerm('one two three four')).toBeUndefined();
  });
});

describe('PostgreSQL index: keyword searches from the postings and the in-memory columns', () => {
  const world = useKeywordIndex('search_keyword_postings');

  it('has phrases of one, two and three words that some companies hold and others do not', () => {
    for (const phrase of [oneWord, twoWords, otherTwoWords, threeWords]) {
      const held = matchSetOf(companies, { keywords: [phrase] }).length;
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(COUNT);
    }
  });

  it('reads ordinals packed as the rebuild packs them', async () => {
    const { rows } = await world.pool().query<{ binary: Buffer }>(`SELECT string_agg(int4send(o), ''::bytea) AS binary FROM unnest(ARRAY[0, 31, 32, 99]) AS o`);
    const set = new Uint32Array(4);
    addPackedOrdinals(set, rows[0]?.binary as Buffer);
    expect([...set]).toEqual([0x80000001, 0x00000001, 0, 0x00000008]);
  });

  const cases: [string, CompanyFilters][] = [
    ['one word', { keywords: [oneWord] }],
    ['two words', { keywords: [twoWords] }],
    ['three words', { keywords: [threeWords] }],
    ['two phrases (OR)', { keywords: [twoWords, otherTwoWords] }],
    ['a phrase and a country', { keywords: [twoWords], countries: [country] }],
    ['a phrase with industry, bands, founded years and a technology', {
      keywords: [oneWord],
      industries: [industry],
      employee_bands: [1, 10, 50, 200],
      founded_year_min: 1990,
      founded_year_max: 2020,
      technologies: [technology],
    }],
    ['a phrase without an industry', { keywords: [oneWord], exclude_industries: [industry] }],
    ['a phrase in an empty employee range', { keywords: [oneWord], employee_count_min: 5001, employee_count_max: 9999 }],
    ['a phrase without another', { keywords: [oneWord], exclude_keywords: [twoWords] }],
    ['exclude_keywords alone', { exclude_keywords: [twoWords] }],
    ['exclude_keywords leaving most companies', { exclude_keywords: [rareTerm] }],
    ['exclude_keywords with a country and an industry', { exclude_keywords: [twoWords, threeWords], countries: [country], exclude_industries: [industry] }],
    ['a phrase nobody holds', { keywords: ['zyzzyva quux'] }],
    ['a phrase without a word beside one with words', { keywords: ['++', twoWords] }],
  ];

  it.each(cases)('answers %s with the exact total, facets and count', async (_label, request) => {
    const { filters } = normalizeFilters(request);
    const expected = matchSetOf(companies, request);
    expect(await world.index().count(filters)).toBe(expected.length);
    const page = await world.index().search(filters, { field: 'relevance', order: 'desc', hasQuery: false }, 5);
    expect(page.total).toBe(Math.min(expected.length, SEARCH_TOTAL_CAP));
    expect(page.aggregations).toEqual(referenceAggregations(expected));
  });

  const sorts: [string, 'asc' | 'desc', SortSpec][] = [
    ['quality', 'desc', { field: 'quality', order: 'desc', hasQuery: false }],
    ['quality', 'asc', { field: 'relevance', order: 'asc', hasQuery: false }],
    ['employee_count', 'asc', { field: 'employee_count', order: 'asc', hasQuery: false }],
    ['employee_count', 'desc', { field: 'employee_count', order: 'desc', hasQuery: false }],
    ['founded_year', 'desc', { field: 'founded_year', order: 'desc', hasQuery: false }],
    ['name', 'asc', { field: 'name', order: 'asc', hasQuery: false }],
  ];

  it('pages both a few matches and most companies', () => {
    expect(matchSetOf(companies, { keywords: [rareTerm] }).length * 16).toBeLessThan(COUNT);
    // Most companies: counted as every company minus the ones left out.
    expect(matchSetOf(companies, { exclude_keywords: [rareTerm] }).length * 2).toBeGreaterThan(COUNT);
  });

  it.each(sorts)('pages through a keyword match set by %s %s, every match once in order', async (field, order, sort) => {
    const requests: CompanyFilters[] = [{ keywords: [oneWord] }, { keywords: [rareTerm] }, { exclude_keywords: [rareTerm] }, { exclude_keywords: [twoWords], countries: [country] }];
    for (const request of requests) {
      const expected = referenceOrder(matchSetOf(companies, request), field, order).map((company) => company.id);
      expect(await allPages(world.index(), request, sort, 7)).toEqual(expected);
    }
  });

  it('counts the matches among given companies (saved lists), ignoring ids no company has', async () => {
    const request: CompanyFilters = { keywords: [twoWords] };
    const matching = matchSetOf(companies, request).map((company) => company.id);
    const others = companies.filter((company) => !matching.includes(company.id)).map((company) => company.id);
    const given = [...matching.slice(0, 3), ...others.slice(0, 4), 'ffffffff-ffff-4fff-bfff-ffffffffffff', '00000000-0000-4000-8000-000000000000'];
    expect(await world.index().countAmong(normalizeFilters(request).filters, given)).toBe(Math.min(3, matching.length));
  });

  it('answers from the postings while they are at the current data version', async () => {
    await claimEveryCompany(world.pool(), twoWords);
    try {
      expect(await world.index().count({ keywords: [twoWords] })).toBe(COUNT);
    } finally {
      await world.pool().query('UPDATE company_keyword_postings_state SET data_version = -1');
      await world.index().refresh();
    }
    expect(await world.index().count({ keywords: [twoWords] })).toBe(matchSetOf(companies, { keywords: [twoWords] }).length);
  });

  it('leaves longer phrases and filters the columns do not hold to the live path', () => {
    const search = new PostingsSearch(world.pool());
    const handles = (request: CompanyFilters) => search.handles(normalizeFilters(request).filters);
    expect(handles({ keywords: [twoWords], countries: [country] })).toBe(true);
    expect(handles({ exclude_keywords: [threeWords] })).toBe(true);
    expect(handles({ keywords: ['one two three four'] })).toBe(false);
    expect(handles({ keywords: [twoWords], cities: ['Paris'] })).toBe(false);
    expect(handles({ keywords: [twoWords], query: 'software' })).toBe(true);
    expect(handles({ query: 'software', cities: ['Paris'] })).toBe(false);
    expect(handles({ countries: [country] })).toBe(false);
  });
});

describe('tsquery text', () => {
  it('reads lexemes, negation, and and or with their precedence', () => {
    expect(parseTsQuery(`'suppli' & 'chain' | !'softwar'`)).toEqual({
      kind: 'or',
      left: { kind: 'and', left: { kind: 'lexeme', lexeme: 'suppli' }, right: { kind: 'lexeme', lexeme: 'chain' } },
      right: { kind: 'not', operand: { kind: 'lexeme', lexeme: 'softwar' } },
    });
    expect(parseTsQuery(`'a' & ( 'b' | 'c' )`)).toEqual({
      kind: 'and',
      left: { kind: 'lexeme', lexeme: 'a' },
      right: { kind: 'or', left: { kind: 'lexeme', lexeme: 'b' }, right: { kind: 'lexeme', lexeme: 'c' } },
    });
  });

  it('unquotes doubled quotes and backslashes', () => {
    expect(parseTsQuery(`'o''brien' & 'a\\\\b'`)).toEqual({
      kind: 'and',
      left: { kind: 'lexeme', lexeme: "o'brien" },
      right: { kind: 'lexeme', lexeme: 'a\\b' },
    });
  });

  it('leaves phrases, prefixes, weights and empty queries to the live path', () => {
    expect(parseTsQuery(`'machin' <-> 'learn'`)).toBeUndefined();
    expect(parseTsQuery(`'e' <2> 'commerc'`)).toBeUndefined();
    expect(parseTsQuery(`'soft':*`)).toBeUndefined();
    expect(parseTsQuery(`'soft':AB`)).toBeUndefined();
    expect(parseTsQuery('')).toBeUndefined();
    expect(parseTsQuery(`'a' &`)).toBeUndefined();
  });
});

/**
 * Description words long enough not to be stop words, commonest first, that share their first
 * five letters with no other word of the companies (so English stemming finds exactly the
 * companies holding the word, as the reference search counts them).
 */
const longWords = (() => {
  const counts = new Map<string, number>();
  for (const company of companies) for (const word of new Set(wordsOf(company.description))) if (word.length >= 7) counts.set(word, (counts.get(word) ?? 0) + 1);
  const corpus = new Set(companies.flatMap((company) => [...wordsOf(company.name), ...wordsOf(company.description), ...wordsOf(company.industry)]));
  const stemSafe = (word: string) => ![...corpus].some((other) => other !== word && other.slice(0, 5) === word.slice(0, 5));
  return [...counts.entries()]
    .filter(([word]) => stemSafe(word))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([word]) => word);
})();

describe('PostgreSQL index: free-text searches from the postings and the in-memory columns', () => {
  const world = useKeywordIndex('search_text_postings');
  let live: PostgresCompanyIndex;
  beforeAll(() => {
    live = new PostgresCompanyIndex(world.pool(), { postingsSearch: false });
  });
  const [common, second, middling] = [longWords[0] as string, longWords[1] as string, longWords[12] as string];

  const queries: [string, CompanyFilters][] = [
    ['one word', { query: common }],
    ['a less common word', { query: middling }],
    ['two words (and)', { query: `${common} ${second}` }],
    ['either word (or)', { query: `${middling} or ${second}` }],
    ['a word without another (not)', { query: `${common} -${second}` }],
    ['a quoted phrase (live)', { query: `"${twoWords}"` }],
    ['only stop words', { query: 'the and of' }],
    ['a word with keywords and a country', { query: second, keywords: [oneWord], countries: [country] }],
    ['an abbreviation with its spelled-out synonym', { query: 'AI' }],
    ['synonyms next to another word', { query: `artificial intelligence ${common}` }],
    ['synonyms in or-branches', { query: `hr or crm ${second}` }],
    ['a hyphenated synonym', { query: 'e-commerce' }],
  ];

  it.each(queries)('answers %s with the same total, facets, count and pages as the live path', async (_label, request) => {
    const { filters } = normalizeFilters(request);
    expect(await world.index().count(filters)).toBe(await live.count(filters));
    const relevance: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };
    const [fromPostings, fromLive] = [await world.index().search(filters, relevance, 5), await live.search(filters, relevance, 5)];
    expect(fromPostings.total).toBe(fromLive.total);
    expect(fromPostings.aggregations).toEqual(fromLive.aggregations);
    const sorts: SortSpec[] = [relevance, { field: 'relevance', order: 'asc', hasQuery: true }, { field: 'quality', order: 'desc', hasQuery: false }, { field: 'name', order: 'asc', hasQuery: false }];
    for (const sort of sorts) expect(await allPages(world.index(), request, sort, 7)).toEqual(await allPages(live, request, sort, 7));
  });

  it('decides synonym queries from the postings: their alternatives are words, never phrases', async () => {
    const postings = new PostingsSearch(world.pool());
    await postings.load();
    for (const query of ['AI', 'artificial intelligence', 'hr or crm software', 'e-commerce', 'dentists']) {
      const found = await postings.match({ query });
      expect({ query, decided: found !== undefined }).toEqual({ query, decided: true });
      expect(found?.size).toBe(await live.count({ query }));
    }
    expect(await live.count({ query: 'AI' })).toBeGreaterThan(await live.count({ query: '"ai"' }));
  });

  it('answers from the postings while they are at the current data version', async () => {
    const { rows } = await world.pool().query<{ lexeme: string }>(`SELECT (tsvector_to_array(to_tsvector('english', $1)))[1] AS lexeme`, [middling]);
    const lexeme = rows[0]?.lexeme as string;
    await world.pool().query(
      `UPDATE company_text_postings SET ordinals = (SELECT string_agg(int4send(o), ''::bytea) FROM generate_series(0, $2::int - 1) AS o), ranks = (SELECT string_agg(float4send(0.5), ''::bytea) FROM generate_series(1, $2::int)) WHERE lexeme = $1`,
      [lexeme, COUNT],
    );
    try {
      expect(await world.index().count({ query: middling })).toBe(COUNT);
    } finally {
      await world.pool().query('UPDATE company_text_postings_state SET data_version = -1');
      await world.index().refresh();
    }
    expect(await world.index().count({ query: middling })).toBe(matchSetOf(companies, { query: middling }).length);
  });
});

describe('PostgreSQL index: keyword postings after a write', () => {
  const world = useKeywordIndex('search_keyword_postings_stale');

  it('counts live from a write until the next refresh, then from the rebuilt postings', async () => {
    const before = matchSetOf(companies, { keywords: [twoWords] }).length;
    await claimEveryCompany(world.pool(), twoWords);
    const added = anIndexedCompany({ id: 'a0000000-0000-4000-8000-000000000003', domain: 'added-with-phrase.example', description: `We do ${twoWords}.` });
    await writeCompanies(world.pool(), [added], 'replace');
    // Stale postings: the live path answers, exactly, with the new company.
    expect(await world.index().count({ keywords: [twoWords] })).toBe(before + 1);
    const page = await world.index().search({ keywords: [twoWords] }, { field: 'quality', order: 'desc', hasQuery: false }, 100);
    expect(page.items.map((item) => item.company_id)).toContain(added.id);
    await world.index().refresh();
    expect(await world.index().count({ keywords: [twoWords] })).toBe(before + 1);
    await claimEveryCompany(world.pool(), twoWords);
    // Rebuilt: the postings (and columns of COUNT + 1 companies) answer again.
    expect(await world.index().count({ keywords: [twoWords] })).toBe(COUNT);
  });

  it('answers live in another process until its columns are loaded, then from them', async () => {
    const replica = new PostgresCompanyIndex(world.pool());
    const term = otherTwoWords;
    const held = matchSetOf([...companies], { keywords: [term] }).length;
    await claimEveryCompany(world.pool(), term);
    try {
      // No columns yet: live (and exact), while they load in the background.
      expect(await replica.count({ keywords: [term] })).toBe(held);
      await replica.warmUp();
      expect(await replica.count({ keywords: [term] })).toBe(COUNT);
    } finally {
      await world.pool().query('UPDATE company_keyword_postings_state SET data_version = -1');
      await world.index().refresh();
    }
  });
});
