import { randomUUID } from 'node:crypto';
import { SEARCH_TOTAL_CAP, type CompanyFilters } from '@radar/contracts';
import type { CompanyIndex, IndexedCompany, SearchPage } from '../../src/company-index';
import { normalizeFilters } from '../../src/normalize-filters';
import { sortSpecOf } from '../../src/sort-spec';
import {
  matchSetOf,
  QUERY_STOP_WORDS,
  queryFieldWords,
  queryRequirements,
  referenceAggregations,
  referenceOrder,
  relevanceTier,
  wordsOf,
} from '../reference-search';
import { FIXTURE_LOAD_TIMEOUT_MS, searchAllPages, type ConformanceEngine, type OpenedIndex } from './conformance-engine';
import { buildFixture, commonest } from './fixture-companies';

type SortBody = Pick<CompanyFilters, 'sort_by' | 'sort_order'>;

const ids = (companies: IndexedCompany[]) => companies.map((company) => company.id);
const sorted = (values: string[]) => [...values].sort();

/**
 * A word of the fixture that the free-text query finds in names of some companies and only in
 * descriptions or industries of others, that shares its first five letters with no other word
 * of the fixture (so English stemming finds exactly the companies that hold the word itself),
 * and that has no synonyms.
 */
function pickTieredWord(companies: IndexedCompany[]): string {
  const corpus = new Set(companies.flatMap((company) => queryFieldWords(company).flat()));
  const candidates = [...new Set(companies.flatMap((company) => wordsOf(company.industry)))].filter(
    (word) =>
      word.length >= 6 &&
      ![...corpus].some((other) => other !== word && other.slice(0, 5) === word.slice(0, 5)) &&
      queryRequirements(word).every((alternatives) => alternatives.length === 1),
  );
  const scored = candidates.map((word) => {
    const tiers = new Set(companies.map((company) => relevanceTier(company, word)).filter((tier) => tier >= 0));
    return { word, tiers: tiers.size, matches: companies.filter((company) => relevanceTier(company, word) >= 0).length };
  });
  scored.sort((a, b) => b.tiers - a.tiers || b.matches - a.matches || (a.word < b.word ? -1 : 1));
  const best = scored[0];
  if (!best || best.tiers < 2) throw new Error('the fixture has no word for the relevance tiers test');
  return best.word;
}

/**
 * The behaviour of search and counts, stated once and run against every CompanyIndex engine
 * through the interface, with filters and sorts normalised as the service normalises them.
 * Expected answers come from the fixture records (reference-search.ts), never from the
 * engine. What the service adds (cursors, validation, defaults, saved lists) is the search
 * service's own tests'.
 */
export function describeCompanyIndexConformance(name: string, engine: ConformanceEngine): void {
  describe(`search conformance: ${name}`, () => {
    const fixture = buildFixture();
    const all = fixture.companies;
    let opened: OpenedIndex;
    let index: CompanyIndex;

    beforeAll(async () => {
      opened = await engine.open();
      index = opened.index;
      await index.upsert(all);
      await index.refresh();
    }, FIXTURE_LOAD_TIMEOUT_MS);

    afterAll(async () => {
      await opened?.close();
    });

    const searchAll = (request: CompanyFilters, limit = 100) => searchAllPages(index, request, limit);

    /** The first page of a search. */
    async function firstPage(request: CompanyFilters, limit: number): Promise<SearchPage> {
      const { filters } = normalizeFilters(request);
      return index.search(filters, sortSpecOf(request, filters.query !== undefined), limit);
    }

    const countOf = (request: CompanyFilters): Promise<number> => index.count(normalizeFilters(request).filters);

    async function expectMatchSet(filters: CompanyFilters): Promise<IndexedCompany[]> {
      const expected = matchSetOf(all, filters);
      const { ids: found, pages } = await searchAll(filters);
      expect(sorted(found)).toEqual(sorted(ids(expected)));
      expect(pages[0]?.total).toBe(expected.length);
      expect(await countOf(filters)).toBe(expected.length);
      return expected;
    }

    const country = commonest(all.map((c) => c.country));
    const secondCountry = commonest(all.map((c) => c.country), 1);
    const state = commonest(all.map((c) => c.state));
    const cityCompany = all.find((c) => c.city === commonest(all.map((x) => x.city))) as IndexedCompany;
    const industry = commonest(all.map((c) => c.industry));
    const secondIndustry = commonest(all.map((c) => c.industry), 1);
    const naicsCode = commonest(all.map((c) => c.naicsCode));
    const technology = commonest(all.flatMap((c) => c.technologies));
    const rareTechnology = commonest(all.flatMap((c) => c.technologies), 12);
    const category = commonest(all.flatMap((c) => c.technologyCategories), 3);
    const queryWord = pickTieredWord(all);

    describe('filters', () => {
      const cases: [string, () => CompanyFilters][] = [
        ['countries: full names, any of them', () => ({ countries: [country, secondCountry] })],
        ['states', () => ({ states: [state] })],
        ['cities with their country', () => ({ cities: [cityCompany.city as string], countries: [cityCompany.country as string] })],
        ['cities alone are not country-scoped', () => ({ cities: [cityCompany.city as string] })],
        ['industries', () => ({ industries: [industry] })],
        ['industries and exclude_industries together', () => ({ industries: [industry, secondIndustry], exclude_industries: [secondIndustry] })],
        ['naics_codes', () => ({ naics_codes: [naicsCode] })],
        ['naics_sectors with a hyphenated sector', () => ({ naics_sectors: ['31-33', '54'] })],
        ['naics_codes and naics_sectors as a union', () => ({ naics_codes: [naicsCode], naics_sectors: ['44-45', '62'] })],
        ['technologies: any of them', () => ({ technologies: [technology, rareTechnology] })],
        ['technology_categories', () => ({ technology_categories: [category] })],
        ['technologies and technology_categories together', () => ({ technologies: [technology], technology_categories: [category] })],
        ['employee_count_min and max as one range over the band values', () => ({ employee_count_min: 50, employee_count_max: 1000 })],
        ['employee_count_min alone', () => ({ employee_count_min: 1001 })],
        ['employee_bands selecting non-adjacent sizes', () => ({ employee_bands: [1, 500, 10001] })],
        ['employee_bands inside a min/max range', () => ({ employee_bands: [10, 500, 5000], employee_count_min: 100 })],
        ['founded years between min and max', () => ({ founded_year_min: 1995, founded_year_max: 2010 })],
        ['founded_year_max alone', () => ({ founded_year_max: 1990 })],
        ['keywords: a phrase in name or description', () => ({ keywords: ['machine learning'] })],
        ['keywords: OR across entries', () => ({ keywords: ['cloudy', 'machine learning'] })],
        ['exclude_keywords', () => ({ exclude_keywords: ['software', 'cloudy'] })],
        ['keywords and exclude_keywords together', () => ({ keywords: ['machine learning'], exclude_keywords: ['zeta'] })],
        ['connections: category alone', () => ({ connections: [{ category: 'investor' }] })],
        [
          'connections: entries are ANDed',
          () => ({
            connections: [
              { category: 'investor', connected_company_id: fixture.investorTarget.id },
              { category: 'vendor', connected_domain: fixture.vendorTarget.domain },
            ],
          }),
        ],
        ['the free-text query', () => ({ query: queryWord })],
        ['the free-text query with filters', () => ({ query: queryWord, countries: [country, secondCountry], exclude_industries: [industry] })],
        ['a free-text abbreviation with its synonym', () => ({ query: 'hr' })],
        ['a free-text phrase with its abbreviation', () => ({ query: 'human resources' })],
        ['a free-text word with synonyms, in its plural', () => ({ query: 'dentists' })],
        ['a free-text word with synonyms and another word', () => ({ query: 'zeta hr' })],
        [
          'many filters at once',
          () => ({
            countries: [country, secondCountry],
            employee_count_min: 10,
            founded_year_min: 1980,
            exclude_industries: [industry],
            technology_categories: [category],
          }),
        ],
      ];

      it.each(cases)('%s: finds exactly the matching companies', async (_label, filters) => {
        const expected = await expectMatchSet(filters());
        expect(expected.length).toBeGreaterThan(0);
      });

      it('matches countries case-sensitively by full name: wrong case and codes match nothing', async () => {
        expect(await expectMatchSet({ countries: [country.toLowerCase()] })).toEqual([]);
        const code = all.find((c) => c.country === country)?.countryCode as string;
        expect(await expectMatchSet({ countries: [code] })).toEqual([]);
      });

      it('keeps companies without an industry when excluding industries', async () => {
        const expected = await expectMatchSet({ exclude_industries: [industry] });
        expect(ids(expected)).toContain(fixture.edge.cloudy.id);
      });

      it('matches nothing when the employee range holds none of the nine band values', async () => {
        expect(await expectMatchSet({ employee_count_min: 5001, employee_count_max: 9999 })).toEqual([]);
      });

      it('matches keywords case-insensitively, across whitespace and punctuation, on whole words', async () => {
        const found = ids(await expectMatchSet({ keywords: ['MACHINE LEARNING'] }));
        expect(found).toContain(fixture.edge.machineLearning.id);
        expect(ids(await expectMatchSet({ keywords: ['cloud'] }))).not.toContain(fixture.edge.cloudy.id);
        expect(ids(await expectMatchSet({ keywords: ['cloudy'] }))).toContain(fixture.edge.cloudy.id);
      });

      it('finds the same companies for an abbreviation and for its spelled-out form, whichever of them a company writes', async () => {
        const abbreviation = ids(await expectMatchSet({ query: 'HR' }));
        const spelledOut = ids(await expectMatchSet({ query: 'Human Resources' }));
        expect(sorted(abbreviation)).toEqual(sorted(spelledOut));
        expect(abbreviation).toEqual(expect.arrayContaining([fixture.edge.abbreviated.id, fixture.edge.spelledOut.id]));
        expect(sorted(ids(await expectMatchSet({ query: 'zeta hr' })))).toEqual(sorted([fixture.edge.abbreviated.id, fixture.edge.spelledOut.id]));
      });

      it('finds the words of a synonym group from any of them: dentist finds dentistry', async () => {
        expect(ids(await expectMatchSet({ query: 'dentist' }))).toContain(fixture.edge.dentistry.id);
        expect(ids(await expectMatchSet({ query: 'dental' }))).toContain(fixture.edge.dentistry.id);
      });

      it('requires the fields of one connections entry to match the same connection', async () => {
        const sameConnection = await expectMatchSet({
          connections: [{ category: 'investor', connected_company_id: fixture.investorTarget.id }],
        });
        expect(ids(sameConnection)).toContain(fixture.edge.connected.id);
        const acrossConnections = await expectMatchSet({
          connections: [{ category: 'investor', connected_company_id: fixture.vendorTarget.id }],
        });
        expect(ids(acrossConnections)).not.toContain(fixture.edge.connected.id);
      });

      it('matches connected_domain whatever its case', async () => {
        const found = await searchAll({ connections: [{ connected_domain: fixture.vendorTarget.domain.toUpperCase() }] });
        expect(found.ids).toContain(fixture.edge.connected.id);
      });
    });

    describe('free-text syntax, read as PostgreSQL reads websearch queries', () => {
      type EdgeName = keyof typeof fixture.edge;
      const idsOf = (names: EdgeName[]) => sorted(names.map((edge) => fixture.edge[edge].id));

      it("drops exactly the stop words PostgreSQL's English configuration drops", async () => {
        const { rows } = await opened.textSearch.query<{ word: string; dropped: boolean }>(
          `SELECT word, ts_lexize('english_stem', word) = '{}' AS dropped FROM unnest($1::text[]) AS word`,
          [[...QUERY_STOP_WORDS]],
        );
        expect(rows.filter((row) => !row.dropped).map((row) => row.word)).toEqual([]);
      });

      it.each<[string, string, EdgeName[]]>([
        ['a stop word that only one field of a match holds (the domain or the name)', 'tolland of fenwick', ['stopWordInName', 'stopWordInDomain', 'reversedWords']],
        ['a stop word of PostgreSQL that Lucene keeps', 'about fenwick', ['stopWordInName', 'stopWordInDomain', 'reversedWords']],
        ['a quoted phrase, its stop word holding a place', '"tolland of fenwick"', ['stopWordInName', 'stopWordInDomain']],
        ['or binding looser than and (a or b c is a, or b and c)', 'oxmoor or fenwick drennan', ['stopWordInName', 'stopWordInDomain']],
        ['an excluded word', 'fenwick -drennan', ['stopWordInName', 'reversedWords']],
        ['an excluded phrase', 'fenwick -"fenwick tolland"', ['stopWordInName', 'stopWordInDomain']],
        ['an or whose other side is only a stop word', 'fenwick or the', ['stopWordInName', 'stopWordInDomain', 'reversedWords']],
      ])('%s: %p', async (_label, query, expected) => {
        expect(sorted(ids(await expectMatchSet({ query })))).toEqual(idsOf(expected));
      });

      it('matches nothing for a query of stop words only', async () => {
        expect(await expectMatchSet({ query: 'of the "and"' })).toEqual([]);
      });

      it('cuts keyword phrases at apostrophes and dots as PostgreSQL does: o\'reilly, node.js, A.Ş.', async () => {
        const { apostropheAndDots, turkishSuffix } = fixture.edge;
        expect(ids(await expectMatchSet({ keywords: ["O'Reilly"] }))).toEqual([apostropheAndDots.id]);
        expect(ids(await expectMatchSet({ keywords: ['reilly kestrel'] }))).toEqual([apostropheAndDots.id]);
        expect(ids(await expectMatchSet({ keywords: ['node.js'] }))).toContain(apostropheAndDots.id);
        expect(ids(await expectMatchSet({ keywords: ['A.Ş.'] }))).toEqual([turkishSuffix.id]);
        expect(ids(await expectMatchSet({ keywords: ['yapı a.ş'] }))).toEqual([turkishSuffix.id]);
      });
    });

    describe('sorts and paging', () => {
      const sorts: [string, SortBody, string, 'asc' | 'desc'][] = [
        ['relevance without a query (completeness, descending)', {}, 'relevance', 'desc'],
        ['relevance without a query, ascending', { sort_by: 'relevance', sort_order: 'asc' }, 'relevance', 'asc'],
        ['quality descending', { sort_by: 'quality' }, 'quality', 'desc'],
        ['quality ascending', { sort_by: 'quality', sort_order: 'asc' }, 'quality', 'asc'],
        ['employee_count descending', { sort_by: 'employee_count', sort_order: 'desc' }, 'employee_count', 'desc'],
        ['employee_count ascending', { sort_by: 'employee_count', sort_order: 'asc' }, 'employee_count', 'asc'],
        ['founded_year descending', { sort_by: 'founded_year' }, 'founded_year', 'desc'],
        ['founded_year ascending', { sort_by: 'founded_year', sort_order: 'asc' }, 'founded_year', 'asc'],
        ['name ascending', { sort_by: 'name', sort_order: 'asc' }, 'name', 'asc'],
        ['name descending', { sort_by: 'name', sort_order: 'desc' }, 'name', 'desc'],
      ];

      it.each(sorts)('%s: paging returns every match exactly once, in order', async (_label, sort, field, order) => {
        const { ids: found, pages } = await searchAll(sort, 41);
        expect(found).toEqual(ids(referenceOrder(all, field, order)));
        expect(pages.length).toBe(Math.ceil(all.length / 41));
      });

      it('orders a filtered match set the same way', async () => {
        const filters: CompanyFilters = { countries: [country, secondCountry], sort_by: 'founded_year', sort_order: 'asc' };
        const { ids: found } = await searchAll(filters, 7);
        expect(found).toEqual(ids(referenceOrder(matchSetOf(all, filters), 'founded_year', 'asc')));
      });

      it('puts companies missing the sort field last in both directions', async () => {
        for (const order of ['asc', 'desc'] as const) {
          const { pages } = await searchAll({ sort_by: 'employee_count', sort_order: order }, 100);
          const values = pages.flatMap((page) => page.items.map((item) => item.employee_count));
          const firstMissing = values.indexOf(null);
          expect(firstMissing).toBeGreaterThan(0);
          expect(values.slice(firstMissing).every((value) => value === null)).toBe(true);
        }
      });

      it('compares names case-insensitively', async () => {
        const { pages } = await searchAll({ sort_by: 'name', sort_order: 'asc', keywords: ['abbott'] });
        expect(pages[0]?.items.map((item) => item.name)).toEqual(['abbott yarrow', 'ABBOTT Zeta']);
      });

      it.each(['asc', 'desc'] as const)(
        'sorts names outside ASCII in one order (%s): lower-cased character by character, compared by code point',
        async (order) => {
          const filters: CompanyFilters = { keywords: ['kestrel'], sort_by: 'name', sort_order: order };
          const { ids: found, pages } = await searchAll(filters, 3);
          expect(found).toEqual(ids(referenceOrder(matchSetOf(all, filters), 'name', order)));
          const ascending = [
            'emile kestrel',
            'İzmir Kestrel',
            'Kestrel Yapı A.Ş.',
            "O'Reilly Kestrel Media",
            'zeta kestrel',
            'Émile Kestrel',
            'ÖSTERBERG KESTREL',
            'ΣΑΣ Kestrel',
            'Ｚeta Kestrel',
            '𝔘nicode Kestrel',
          ];
          const names = pages.flatMap((page) => page.items.map((item) => item.name));
          expect(names).toEqual(order === 'asc' ? ascending : [...ascending].reverse());
        },
      );

      it('ranks relevance with a query by where the words are: name, then description, industry, domain', async () => {
        const expected = matchSetOf(all, { query: queryWord });
        const { ids: found } = await searchAll({ query: queryWord }, 7);
        expect(sorted(found)).toEqual(sorted(ids(expected)));
        expect(new Set(found).size).toBe(found.length);
        const byId = new Map(all.map((company) => [company.id, company]));
        const tiers = found.map((id) => relevanceTier(byId.get(id) as IndexedCompany, queryWord));
        expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
        expect(new Set(tiers).size).toBeGreaterThan(1);
      });

      it('reverses the relevance ranking in ascending order, still paging through every match once', async () => {
        const { ids: found } = await searchAll({ query: queryWord, sort_order: 'asc' }, 5);
        expect(sorted(found)).toEqual(sorted(ids(matchSetOf(all, { query: queryWord }))));
        const byId = new Map(all.map((company) => [company.id, company]));
        const tiers = found.map((id) => relevanceTier(byId.get(id) as IndexedCompany, queryWord));
        expect(tiers).toEqual([...tiers].sort((a, b) => b - a));
      });

      it('sorts a query by another field when asked', async () => {
        const filters: CompanyFilters = { query: queryWord, sort_by: 'name', sort_order: 'asc' };
        const { ids: found } = await searchAll(filters, 3);
        expect(found).toEqual(ids(referenceOrder(matchSetOf(all, filters), 'name', 'asc')));
      });

      it('answers no next position on the last page, and one on every page before it', async () => {
        const small = await firstPage({ keywords: ['machine learning'] }, 100);
        expect(small.next).toBeUndefined();
        const { pages } = await searchAll({}, 100);
        expect(pages.slice(0, -1).every((page) => page.next !== undefined)).toBe(true);
        expect(pages[pages.length - 1]?.next).toBeUndefined();
      });

      it('gives export sources the first matching ids in sort order', async () => {
        const filters: CompanyFilters = { countries: [country], sort_by: 'name', sort_order: 'desc' };
        const { filters: normalized } = normalizeFilters(filters);
        const found = await index.matchingIds(normalized, { field: 'name', order: 'desc', hasQuery: false }, 25);
        expect(found).toEqual(ids(referenceOrder(matchSetOf(all, filters), 'name', 'desc')).slice(0, 25));
      });

      it('restricts export sources to the ids given (a saved list)', async () => {
        const filters: CompanyFilters = { countries: [country] };
        const { filters: normalized } = normalizeFilters(filters);
        const among = [...ids(matchSetOf(all, filters)).slice(0, 4), ...all.filter((c) => c.country !== country).slice(0, 3).map((c) => c.id)];
        const found = await index.matchingIds(normalized, { field: 'name', order: 'asc', hasQuery: false }, 100, among);
        const expected = referenceOrder(matchSetOf(all, filters), 'name', 'asc').filter((company) => among.includes(company.id));
        expect(found).toEqual(ids(expected));
        expect(await index.matchingIds(normalized, { field: 'name', order: 'asc', hasQuery: false }, 100, [])).toEqual([]);
      });
    });

    describe('totals, aggregations and soft signals', () => {
      it('counts facets over the whole match set, not the page', async () => {
        for (const filters of [{}, { countries: [country, secondCountry] }, { keywords: ['machine learning'] }] as CompanyFilters[]) {
          const answer = await firstPage(filters, 1);
          expect(answer.aggregations).toEqual(referenceAggregations(matchSetOf(all, filters)));
        }
      });

      it('answers empty facets when nothing matches', async () => {
        const answer = await firstPage({ countries: ['Atlantis'] }, 20);
        expect(answer).toMatchObject({ items: [], total: 0 });
        expect(answer.next).toBeUndefined();
        expect(answer.aggregations).toEqual({ industries: [], countries: [], employee_count: [], technologies: [] });
      });

      it('counts the matches among given ids (the saved and exported companies of a workspace)', async () => {
        const filters: CompanyFilters = { countries: [country] };
        const matching = ids(matchSetOf(all, filters)).slice(0, 3);
        const other = all.filter((c) => c.country !== country).slice(0, 2).map((c) => c.id);
        const { filters: normalized } = normalizeFilters(filters);
        expect(await index.countAmong(normalized, [...matching, ...other, matching[0] as string])).toBe(3);
        expect(await index.countAmong(normalized, [])).toBe(0);
        expect(await index.countAmong(normalized, [randomUUID()])).toBe(0);
      });
    });

    describe('saturation', () => {
      it('saturates the search total at 10,000 while counts stays exact', async () => {
        const template = all[0] as IndexedCompany;
        const many: IndexedCompany[] = Array.from({ length: 10_001 }, (_, n) => ({
          ...template,
          id: randomUUID(),
          name: `Saturation ${n}`,
          domain: `saturation-${n}.example`,
          industry: 'Saturation Testing',
          connections: [],
        }));
        for (let start = 0; start < many.length; start += 2_000) await index.upsert(many.slice(start, start + 2_000));
        await index.refresh();
        const search = await firstPage({ industries: ['Saturation Testing'] }, 20);
        expect(search.total).toBe(SEARCH_TOTAL_CAP);
        expect(search.aggregations.industries).toEqual([{ value: 'Saturation Testing', count: 10_001 }]);
        expect(await countOf({ industries: ['Saturation Testing'] })).toBe(10_001);
      }, FIXTURE_LOAD_TIMEOUT_MS);
    });
  });
}
