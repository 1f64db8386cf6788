import { SEARCH_TOTAL_CAP, type CompanyFilters } from '@radar/contracts';
import { generateCompanies } from '@radar/dataset';
import { matchSetOf, referenceAggregations } from '@radar/company-index/testing';
import { writeCompanies } from './company-store.writer';
import { toIndexedCompany } from '@radar/company-index';
import { normalizeFilters } from '@radar/company-index';
import type { IndexedCompany } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { useIndexedDatabase } from '../test/indexed-database';

const SEED = 5;
const COUNT = 300;
const QUALITY_DESC = { field: 'quality', order: 'desc', hasQuery: false } as const;
/** The generated cities hold a few companies each here; at this many they get summary rows. */
const MIN_CITY_COMPANIES = 2;

const companies: IndexedCompany[] = [...generateCompanies({ seed: SEED, count: COUNT })].map((company) => toIndexedCompany(company, SEED, COUNT));
const counted = (values: (string | null)[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};
const commonest = (values: (string | null)[], rank = 0): string => {
  return [...counted(values).entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[rank]?.[0] as string;
};

const useSummarizedIndex = (databaseName: string) =>
  useIndexedDatabase(databaseName, companies, { minSummarisedCityCompanies: MIN_CITY_COMPANIES });

describe('PostgreSQL index: totals and facets from the facet summaries', () => {
  const world = useSummarizedIndex('search_summaries');

  const country = commonest(companies.map((c) => c.country));
  const secondCountry = commonest(companies.map((c) => c.country), 1);
  const industry = commonest(companies.map((c) => c.industry));
  const technology = commonest(companies.flatMap((c) => c.technologies));
  const city = commonest(companies.map((c) => c.city));
  const secondCity = commonest(companies.map((c) => c.city), 1);
  const lonelyCity = [...counted(companies.map((c) => c.city)).entries()].find(([, count]) => count < MIN_CITY_COMPANIES)?.[0] as string;

  it.each<[string, CompanyFilters]>([
    ['no filter', {}],
    ['countries', { countries: [country, secondCountry] }],
    ['exclude_industries', { exclude_industries: [industry] }],
    ['a founded-year range', { founded_year_min: 1990, founded_year_max: 2010 }],
    ['one founded year', { founded_year_min: 2005, founded_year_max: 2005 }],
    ['founded_year_min alone', { founded_year_min: 1995 }],
    ['founded_year_max alone', { founded_year_max: 2000 }],
    ['a founded-year range wider than the data', { founded_year_min: 1000, founded_year_max: 3000 }],
    ['a founded-year range after every founding', { founded_year_min: 2900 }],
    ['a founded-year range before every founding', { founded_year_max: 1001 }],
    ['a founded-year range without exclude_keywords', { founded_year_min: 1980, founded_year_max: 2015, exclude_keywords: ['machine learning'] }],
    ['NAICS sectors', { naics_sectors: ['31-33', '54'] }],
    ['one technology', { technologies: [technology] }],
    ['employee bands', { employee_bands: [10, 200] }],
    ['one city', { cities: [city] }],
    ['cities', { cities: [city, secondCity] }],
    ['a city with too few companies for summary rows', { cities: [lonelyCity] }],
    ['a summarised city with one that is not', { cities: [city, lonelyCity] }],
    ['a city without exclude_keywords', { cities: [city], exclude_keywords: ['machine learning'] }],
    ['a city without some industries', { cities: [city], exclude_industries: [industry] }],
    ['exclude_keywords alone', { exclude_keywords: ['machine learning'] }],
    ['a country without exclude_keywords', { countries: [country], exclude_keywords: ['supply chain', 'machine learning'] }],
    ['a country without some industries and keywords', { countries: [country], exclude_industries: [industry], exclude_keywords: ['machine learning'] }],
    ['a country without some industries', { countries: [country, secondCountry], exclude_industries: [industry] }],
  ])('answers %s with the exact total and facets', async (_label, request) => {
    const { filters } = normalizeFilters(request);
    const expected = matchSetOf(companies, request);
    expect(await world.index().count(filters)).toBe(expected.length);
    const page = await world.index().search(filters, QUALITY_DESC, 5);
    expect(page.total).toBe(Math.min(expected.length, SEARCH_TOTAL_CAP));
    expect(page.aggregations).toEqual(referenceAggregations(expected));
  });

  it('reads totals from the summaries while they are at the current data version', async () => {
    await world.pool().query(`UPDATE company_facet_summaries SET companies = companies + 1000 WHERE dim = 'all' AND facet = 'total'`);
    try {
      expect(await world.index().count({})).toBe(COUNT + 1000);
    } finally {
      await world.pool().query(`UPDATE company_facet_summaries SET companies = companies - 1000 WHERE dim = 'all' AND facet = 'total'`);
    }
  });

  it('reads a city filter from the city summary rows while they are at the current data version', async () => {
    // The precondition: the city has enough companies for summary rows.
    expect(matchSetOf(companies, { cities: [city] }).length).toBeGreaterThanOrEqual(MIN_CITY_COMPANIES);
    const cityTotal = `dim = 'city' AND dim_value = $1 AND facet = 'total'`;
    await world.pool().query(`UPDATE company_facet_summaries SET companies = companies + 1000 WHERE ${cityTotal}`, [city]);
    try {
      expect(await world.index().count({ cities: [city] })).toBe(matchSetOf(companies, { cities: [city] }).length + 1000);
    } finally {
      await world.pool().query(`UPDATE company_facet_summaries SET companies = companies - 1000 WHERE ${cityTotal}`, [city]);
    }
  });

  it('keeps summary rows only for cities with enough companies', async () => {
    const { rows } = await world.pool().query<{ city: string }>(`SELECT dim_value AS city FROM company_facet_summaries WHERE dim = 'city' AND facet = 'total'`);
    const expected = [...counted(companies.map((c) => c.city)).entries()].filter(([, count]) => count >= MIN_CITY_COMPANIES).map(([name]) => name);
    expect(rows.map((row) => row.city).sort()).toEqual(expected.sort());
    expect(lonelyCity).toEqual(expect.any(String));
    expect(expected).not.toContain(lonelyCity);
  });

  it('subtracts a company that is both in an excluded industry and has an excluded phrase once', async () => {
    const both = companies.find((company) => company.industry === industry && company.country !== null) as IndexedCompany;
    const request: CompanyFilters = { countries: [both.country as string], exclude_industries: [industry], exclude_keywords: [both.name] };
    const { filters } = normalizeFilters(request);
    const expected = matchSetOf(companies, request);
    // The precondition: the two exclusions overlap, so adding their counts would take this company away twice.
    expect(matchSetOf(companies, { countries: [both.country as string], keywords: [both.name], industries: [industry] }).length).toBeGreaterThan(0);
    expect(await world.index().count(filters)).toBe(expected.length);
    expect((await world.index().search(filters, QUALITY_DESC, 5)).aggregations).toEqual(referenceAggregations(expected));
  });

  it('reads founded-year ranges from the cumulative rows at the nearest stored year', async () => {
    const from = (year: number) => `(SELECT min(from_year) FROM company_founded_year_summaries WHERE from_year >= ${year})`;
    // A wrong total at the row a range starts from shows that the range was two lookups.
    await world.pool().query(`UPDATE company_founded_year_summaries SET companies = companies + 1000 WHERE from_year = ${from(1990)} AND facet = 'total'`);
    try {
      const expected = matchSetOf(companies, { founded_year_min: 1990, founded_year_max: 2010 }).length;
      expect(await world.index().count({ foundedYearMin: 1990, foundedYearMax: 2010 })).toBe(expected + 1000);
    } finally {
      await world.pool().query(`UPDATE company_founded_year_summaries SET companies = companies - 1000 WHERE from_year = ${from(1990)} AND facet = 'total'`);
    }
  });
});

describe('PostgreSQL index: facet summaries after a write', () => {
  const world = useSummarizedIndex('search_summaries_stale');
  it('counts live from any write to companies until the next refresh, then from rebuilt summaries', async () => {
    // A wrong total in the summaries shows which path answered.
    await world.pool().query(`UPDATE company_facet_summaries SET companies = companies + 1000 WHERE dim = 'all' AND facet = 'total'`);
    const added = anIndexedCompany({ id: 'a0000000-0000-4000-8000-000000000001', domain: 'added-after-refresh.example', country: 'Iceland' });
    await writeCompanies(world.pool(), [added], 'replace');
    expect(await world.index().count({})).toBe(COUNT + 1);
    expect((await world.index().search({ countries: ['Iceland'] }, QUALITY_DESC, 5)).aggregations.countries).toEqual([
      { value: 'Iceland', count: matchSetOf(companies, { countries: ['Iceland'] }).length + 1 },
    ]);
    await world.index().refresh();
    expect(await world.index().count({})).toBe(COUNT + 1);
    const { rows } = await world.pool().query<{ companies: number }>(`SELECT companies FROM company_facet_summaries WHERE dim = 'all' AND facet = 'total'`);
    expect(rows[0]?.companies).toBe(COUNT + 1);
    const earliest = await world.pool().query<{ companies: number }>(
      `SELECT companies FROM company_founded_year_summaries WHERE facet = 'total' ORDER BY from_year LIMIT 1`,
    );
    expect(earliest.rows[0]?.companies).toBe([...companies, added].filter((company) => company.foundedYear !== null).length);
  });
});

describe('PostgreSQL index: city summaries after a write', () => {
  const world = useSummarizedIndex('search_summaries_stale_city');
  const city = commonest(companies.map((c) => c.city));
  const cityTotal = async (): Promise<number | undefined> =>
    (await world.pool().query<{ companies: number }>(`SELECT companies FROM company_facet_summaries WHERE dim = 'city' AND dim_value = $1 AND facet = 'total'`, [city]))
      .rows[0]?.companies;

  it('counts a city live from a write to companies until the next refresh, then from its rebuilt rows', async () => {
    const before = matchSetOf(companies, { cities: [city] }).length;
    // A wrong total in the city's summary row shows which path answered.
    await world.pool().query(`UPDATE company_facet_summaries SET companies = companies + 1000 WHERE dim = 'city' AND dim_value = $1 AND facet = 'total'`, [city]);
    const added = anIndexedCompany({ id: 'a0000000-0000-4000-8000-000000000002', domain: 'added-in-city.example', city, country: 'Iceland' });
    await writeCompanies(world.pool(), [added], 'replace');
    expect(await world.index().count({ cities: [city] })).toBe(before + 1);
    const page = await world.index().search({ cities: [city] }, QUALITY_DESC, 5);
    expect(page.total).toBe(before + 1);
    expect(page.aggregations).toEqual(referenceAggregations([...matchSetOf(companies, { cities: [city] }), added]));
    await world.index().refresh();
    expect(await cityTotal()).toBe(before + 1);
    expect(await world.index().count({ cities: [city] })).toBe(before + 1);
  });
});
