import { companySummarySchema } from '@radar/contracts';
import type { SortSpec } from '../company-index';
import { parseFacets } from './facet-aggregations';
import { parseSearchPage, toCompanySummary } from './search-response';
import { MISSING_LAST_ASC } from './sort-clause';
import { BARE_COMPANY, BERLIN_ANALYTICS, EMPTY_FACETS, facetBuckets, hit, OSLO_SHIPPING, searchAnswer } from './testing/recorded-responses';

type Answer = Parameters<typeof parseSearchPage>[0];
const asAnswer = (answer: ReturnType<typeof searchAnswer>): Answer => answer as Answer;

const byEmployeesAsc: SortSpec = { field: 'employee_count', order: 'asc', hasQuery: false };
const byScore: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };

describe('toCompanySummary', () => {
  it('maps a stored company to the summary shape with the full country name', () => {
    expect(toCompanySummary(BERLIN_ANALYTICS)).toEqual({
      company_id: BERLIN_ANALYTICS.id,
      name: 'Northwind Analytics',
      domain: 'northwind-analytics-4k2.io',
      industry: 'Software Development',
      employee_count: 200,
      country: 'Germany',
      city: 'Berlin',
      technologies: ['React', 'PostgreSQL'],
      founded_year: 2014,
    });
  });

  it('fills nulls (and an empty technology list) for fields the company lacks', () => {
    const summary = toCompanySummary(BARE_COMPANY);
    expect(summary).toEqual({
      company_id: BARE_COMPANY.id,
      name: 'lumen & co',
      domain: 'lumen-co-77q.fr',
      industry: null,
      employee_count: null,
      country: null,
      city: null,
      technologies: [],
      founded_year: null,
    });
    expect(companySummarySchema.safeParse(summary).success).toBe(true);
  });

  it('refuses a source that is not a company', () => {
    expect(() => toCompanySummary({ id: 'x', name: 42 })).toThrow(/not a company/);
    expect(() => toCompanySummary(undefined)).toThrow(/not a company/);
  });
});

describe('parseSearchPage', () => {
  const facets = {
    industries: facetBuckets([['Software Development', 2], ['Maritime Transportation', 1]]),
    countries: facetBuckets([['Germany', 1], ['Norway', 1]]),
    employee_count: facetBuckets([[200, 1], [1000, 1]]),
    technologies: facetBuckets([['PostgreSQL', 1], ['React', 1]]),
  };

  it('returns the hits as summaries valid under the contract, with totals and facets', () => {
    const answer = searchAnswer({
      hits: [hit(BERLIN_ANALYTICS, [200, BERLIN_ANALYTICS.id]), hit(OSLO_SHIPPING, [1000, OSLO_SHIPPING.id])],
      total: { value: 2, relation: 'eq' },
      aggregations: facets,
    });
    const page = parseSearchPage(asAnswer(answer), byEmployeesAsc, 20);
    expect(page.items.map((item) => item.company_id)).toEqual([BERLIN_ANALYTICS.id, OSLO_SHIPPING.id]);
    for (const item of page.items) expect(companySummarySchema.parse(item)).toEqual(item);
    expect(page.total).toBe(2);
    expect(page.aggregations).toEqual({
      industries: [{ value: 'Software Development', count: 2 }, { value: 'Maritime Transportation', count: 1 }],
      countries: [{ value: 'Germany', count: 1 }, { value: 'Norway', count: 1 }],
      employee_count: [{ value: 200, count: 1 }, { value: 1000, count: 1 }],
      technologies: [{ value: 'PostgreSQL', count: 1 }, { value: 'React', count: 1 }],
    });
    expect(page.next).toBeUndefined();
  });

  it('reports a saturated total as 10,000', () => {
    const answer = searchAnswer({ hits: [], total: { value: 10_000, relation: 'gte' }, aggregations: EMPTY_FACETS });
    expect(parseSearchPage(asAnswer(answer), byScore, 20).total).toBe(10_000);
  });

  it('drops the look-ahead row and positions the next page after the last row of this one', () => {
    const answer = searchAnswer({
      hits: [hit(BERLIN_ANALYTICS, [9.5, BERLIN_ANALYTICS.id], 9.5), hit(OSLO_SHIPPING, [4.25, OSLO_SHIPPING.id], 4.25)],
      total: { value: 2, relation: 'eq' },
      aggregations: EMPTY_FACETS,
    });
    const page = parseSearchPage(asAnswer(answer), byScore, 1);
    expect(page.items.map((item) => item.company_id)).toEqual([BERLIN_ANALYTICS.id]);
    expect(page.next).toEqual({ key: 9.5, id: BERLIN_ANALYTICS.id });
  });

  it('has no next position when the page is exactly the last rows', () => {
    const answer = searchAnswer({ hits: [hit(BERLIN_ANALYTICS, [200, BERLIN_ANALYTICS.id])], aggregations: EMPTY_FACETS });
    expect(parseSearchPage(asAnswer(answer), byEmployeesAsc, 1).next).toBeUndefined();
  });

  it('positions after a last row missing the sort field with a null key', () => {
    const answer = searchAnswer({
      hits: [hit(BARE_COMPANY, [MISSING_LAST_ASC, BARE_COMPANY.id]), hit(OSLO_SHIPPING, [MISSING_LAST_ASC, OSLO_SHIPPING.id])],
      aggregations: EMPTY_FACETS,
    });
    expect(parseSearchPage(asAnswer(answer), byEmployeesAsc, 1).next).toEqual({ key: null, id: BARE_COMPANY.id });
  });

  it('fails on a response without the requested facets', () => {
    const answer = searchAnswer({ hits: [] });
    expect(() => parseSearchPage(asAnswer(answer), byScore, 20)).toThrow(/aggregation/);
  });
});

describe('parseFacets', () => {
  it('keeps the bucket order Elasticsearch returned and reads numeric band keys as numbers', () => {
    const facets = parseFacets({ ...EMPTY_FACETS, employee_count: facetBuckets([[10, 7], [1, 3]]) });
    expect(facets.employee_count).toEqual([{ value: 10, count: 7 }, { value: 1, count: 3 }]);
    expect(facets.industries).toEqual([]);
  });
});
