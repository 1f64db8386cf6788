import type { SortSpec } from '@radar/company-index';
import { DEFAULT_FACET_SHARD_SIZES, FACET_SIZE } from './facet-aggregations';
import { buildHitsRequest, buildIdBatchRequest, buildSummaryRequest, filtersPreference, randomSessionToken, sessionPreference, SUMMARY_SOURCE_FIELDS } from './search-request';

const byEmployees: SortSpec = { field: 'employee_count', order: 'desc', hasQuery: false };
const byScore: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };

describe('buildHitsRequest', () => {
  it('asks for one row beyond the page and only the summary fields, counts nothing and refuses partial results', () => {
    const request = buildHitsRequest('companies', { countries: ['Germany'] }, byEmployees, 20, undefined, 'search-x');
    expect(request).toEqual({
      index: 'companies',
      size: 21,
      track_total_hits: false,
      _source: SUMMARY_SOURCE_FIELDS,
      query: { bool: { filter: [{ terms: { country: ['Germany'] } }] } },
      sort: [{ employee_count: { order: 'desc', missing: -2_147_483_648 } }, { id: { order: 'asc' } }],
      allow_partial_search_results: false,
      preference: 'search-x',
    });
    expect(request.aggs).toBeUndefined();
  });

  it('resumes after a position with search_after, the query unchanged', () => {
    const request = buildHitsRequest('companies', {}, byEmployees, 50, { key: 500, id: 'c-9' }, 'search-x');
    expect(request.search_after).toEqual([500, 'c-9']);
    expect(request.query).toEqual({ bool: {} });
  });

  it('summarises from exactly the fields of a company summary', () => {
    expect([...SUMMARY_SOURCE_FIELDS].sort()).toEqual(['city', 'country', 'domain', 'employee_count', 'founded_year', 'id', 'industry', 'name', 'technologies']);
  });
});

describe('buildSummaryRequest', () => {
  it('counts up to 10,000 and asks for the four facets in a size-0 request the shard request cache serves', () => {
    const request = buildSummaryRequest('companies', { countries: ['Germany'] }, { ...DEFAULT_FACET_SHARD_SIZES, technologies: 1_250 }, 'search-x');
    const expectedTerms = (field: string, shardSize: number) => ({
      terms: { field, size: FACET_SIZE, shard_size: shardSize, order: [{ _count: 'desc' }, { _key: 'asc' }] },
    });
    expect(request).toEqual({
      index: 'companies',
      query: { bool: { filter: [{ terms: { country: ['Germany'] } }] } },
      size: 0,
      track_total_hits: 10_000,
      aggs: {
        industries: expectedTerms('industry', 500),
        countries: expectedTerms('country', 500),
        employee_count: expectedTerms('employee_count', 500),
        technologies: expectedTerms('technologies', 1_250),
      },
      request_cache: true,
      allow_partial_search_results: false,
      preference: 'search-x',
    });
  });

  it('is the same request for every page and every sort of one match set, so the cache answers them all', () => {
    const filters = { industries: ['Banking'] };
    expect(buildSummaryRequest('companies', filters, DEFAULT_FACET_SHARD_SIZES, 'p')).toEqual(buildSummaryRequest('companies', { ...filters }, DEFAULT_FACET_SHARD_SIZES, 'p'));
    expect(JSON.stringify(buildSummaryRequest('companies', filters, DEFAULT_FACET_SHARD_SIZES, 'p'))).not.toContain('search_after');
  });

  it('never asks a shard for fewer values than the page shows', () => {
    const request = buildSummaryRequest('companies', {}, { ...DEFAULT_FACET_SHARD_SIZES, employee_count: 9 }, 'p');
    expect(request.aggs?.employee_count?.terms?.shard_size).toBe(FACET_SIZE);
  });
});

describe('the preference of a search session', () => {
  it('draws a new token for each session, and never starts with the underscore of the built-in preferences', () => {
    const preferences = Array.from({ length: 20 }, () => sessionPreference(randomSessionToken()));
    expect(new Set(preferences).size).toBe(20);
    for (const preference of preferences) expect(preference).toMatch(/^session-[A-Za-z0-9_-]{22}$/);
  });

  it('reads a cursor from before session tokens with the preference its filters and sort chose', () => {
    expect(filtersPreference({ query: 'freight' }, byScore)).toBe(filtersPreference({ query: 'freight' }, { ...byScore }));
    expect(filtersPreference({ query: 'freight' }, byScore)).not.toBe(filtersPreference({ query: 'freight' }, byEmployees));
    expect(filtersPreference({ query: 'freight' }, byScore)).toMatch(/^search-[A-Za-z0-9_-]{22}$/);
  });
});

describe('buildIdBatchRequest', () => {
  it('reads ids only: no source, no total, no facets, no partial results', () => {
    const request = buildIdBatchRequest('companies', { query: 'freight' }, byScore, 1_000, undefined, undefined, 'search-x');
    expect(request).toMatchObject({ index: 'companies', size: 1_000, _source: false, track_total_hits: false, allow_partial_search_results: false, preference: 'search-x' });
    expect(request.aggs).toBeUndefined();
    expect(request.sort).toEqual([{ _score: { order: 'desc' } }, { id: { order: 'asc' } }]);
    expect(request.search_after).toBeUndefined();
  });

  it('hands the previous batch’s last sort values back unchanged', () => {
    expect(buildIdBatchRequest('companies', {}, byScore, 10, [4.75, 'c-1']).search_after).toEqual([4.75, 'c-1']);
  });

  it('restricts the matches to the given ids', () => {
    expect(buildIdBatchRequest('companies', {}, byScore, 10, undefined, ['a', 'b']).query).toEqual({ bool: { filter: [{ terms: { id: ['a', 'b'] } }] } });
  });
});
