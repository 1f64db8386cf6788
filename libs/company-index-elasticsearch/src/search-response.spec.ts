import { companySummarySchema } from '@radar/contracts';
import type { SortSpec } from '@radar/company-index';
import { parseFacets } from './facet-aggregations';
import { parseHitsPage, parseSummary, toCompanySummary } from './search-response';
import { MISSING_LAST_ASC } from './sort-clause';
import { BARE_COMPANY, BERLIN_ANALYTICS, EMPTY_FACETS, facetBuckets, hit, OSLO_SHIPPING, searchAnswerTo } from '../test/recorded-responses';

type Answer = Parameters<typeof parseHitsPage>[0];
const asAnswer = (answer: ReturnType<typeof searchAnswerTo>): Answer => answer as Answer;

/** The answer to a page request (no total) and to a summary request (total, facets) as Elasticsearch gives them. */
const pageAnswer = (hits: Parameters<typeof searchAnswerTo>[1]['hits'], sort: object[] = [{ employee_count: {} }]) =>
  asAnswer(searchAnswerTo({ size: hits.length, track_total_hits: false, sort }, { hits }));
const summaryAnswer = (matches: number, aggregations?: Record<string, unknown>) =>
  asAnswer(searchAnswerTo({ size: 0, track_total_hits: 10_000 }, { hits: [], matches, ...(aggregations === undefined ? {} : { aggregations }) }));

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

describe('parseHitsPage', () => {
  it('returns the hits as summaries valid under the contract', () => {
    const page = parseHitsPage(pageAnswer([hit(BERLIN_ANALYTICS, [200, BERLIN_ANALYTICS.id]), hit(OSLO_SHIPPING, [1000, OSLO_SHIPPING.id])]), byEmployeesAsc, 20);
    expect(page.items.map((item) => item.company_id)).toEqual([BERLIN_ANALYTICS.id, OSLO_SHIPPING.id]);
    for (const item of page.items) expect(companySummarySchema.parse(item)).toEqual(item);
    expect(page.next).toBeUndefined();
  });

  it('drops the look-ahead row and positions the next page after the last row of this one', () => {
    const answer = pageAnswer([hit(BERLIN_ANALYTICS, [9.5, BERLIN_ANALYTICS.id], 9.5), hit(OSLO_SHIPPING, [4.25, OSLO_SHIPPING.id], 4.25)], [{ _score: {} }]);
    const page = parseHitsPage(answer, byScore, 1);
    expect(page.items.map((item) => item.company_id)).toEqual([BERLIN_ANALYTICS.id]);
    expect(page.next).toEqual({ key: 9.5, id: BERLIN_ANALYTICS.id });
  });

  it('has no next position when the page is exactly the last rows', () => {
    expect(parseHitsPage(pageAnswer([hit(BERLIN_ANALYTICS, [200, BERLIN_ANALYTICS.id])]), byEmployeesAsc, 1).next).toBeUndefined();
  });

  it('positions after a last row missing the sort field with a null key', () => {
    const answer = pageAnswer([hit(BARE_COMPANY, [MISSING_LAST_ASC, BARE_COMPANY.id]), hit(OSLO_SHIPPING, [MISSING_LAST_ASC, OSLO_SHIPPING.id])]);
    expect(parseHitsPage(answer, byEmployeesAsc, 1).next).toEqual({ key: null, id: BARE_COMPANY.id });
  });
});

describe('parseSummary', () => {
  const facets = {
    industries: facetBuckets([['Software Development', 2], ['Maritime Transportation', 1]]),
    countries: facetBuckets([['Germany', 1], ['Norway', 1]]),
    employee_count: facetBuckets([[200, 1], [1000, 1]]),
    technologies: facetBuckets([['PostgreSQL', 1], ['React', 1]]),
  };

  it('reads the total and the facets as decisions.md shapes them', () => {
    const summary = parseSummary(summaryAnswer(2, facets));
    expect(summary.total).toBe(2);
    expect(summary.facets.aggregations).toEqual({
      industries: [{ value: 'Software Development', count: 2 }, { value: 'Maritime Transportation', count: 1 }],
      countries: [{ value: 'Germany', count: 1 }, { value: 'Norway', count: 1 }],
      employee_count: [{ value: 200, count: 1 }, { value: 1000, count: 1 }],
      technologies: [{ value: 'PostgreSQL', count: 1 }, { value: 'React', count: 1 }],
    });
    expect(summary.facets.inexact).toEqual({});
  });

  it('reports a saturated total as 10,000', () => {
    expect(parseSummary(summaryAnswer(2_500_000, EMPTY_FACETS)).total).toBe(10_000);
  });

  it('refuses an answer without hits.total, which only a request that did not count gets', () => {
    const uncounted = asAnswer(searchAnswerTo({ size: 0, track_total_hits: false }, { hits: [], aggregations: EMPTY_FACETS }));
    expect(() => parseSummary(uncounted)).toThrow(/hits.total/);
  });

  it('fails on a response without the requested facets', () => {
    expect(() => parseSummary(summaryAnswer(0))).toThrow(/aggregation/);
  });
});

describe('parseFacets', () => {
  it('keeps the bucket order Elasticsearch returned and reads numeric band keys as numbers', () => {
    const facets = parseFacets({ ...EMPTY_FACETS, employee_count: facetBuckets([[10, 7], [1, 3]]) });
    expect(facets.aggregations.employee_count).toEqual([{ value: 10, count: 7 }, { value: 1, count: 3 }]);
    expect(facets.aggregations.industries).toEqual([]);
  });

  it('names the facets whose counts Elasticsearch could not promise exact, with the bound of the error', () => {
    const facets = parseFacets({ ...EMPTY_FACETS, technologies: facetBuckets([['React', 90]], 14) });
    expect(facets.inexact).toEqual({ technologies: 14 });
  });
});
