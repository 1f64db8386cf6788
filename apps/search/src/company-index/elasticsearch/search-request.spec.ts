import { FACET_SIZE } from './facet-aggregations';
import { buildIdBatchRequest, buildSearchRequest, SUMMARY_SOURCE_FIELDS } from './search-request';

describe('buildSearchRequest', () => {
  const sort = { field: 'employee_count', order: 'desc', hasQuery: false } as const;

  it('asks for one row beyond the page, counts totals up to 10,000 and reads only summary fields', () => {
    const request = buildSearchRequest('companies', { countries: ['Germany'] }, sort, 20);
    expect(request).toMatchObject({
      index: 'companies',
      size: 21,
      track_total_hits: 10_000,
      _source: SUMMARY_SOURCE_FIELDS,
      query: { bool: { filter: [{ terms: { country: ['Germany'] } }] } },
      sort: [{ employee_count: { order: 'desc', missing: -2_147_483_648 } }, { id: { order: 'asc' } }],
    });
    expect(request.search_after).toBeUndefined();
  });

  it('asks for the four facets as terms aggregations of 20 values, count descending then value', () => {
    const request = buildSearchRequest('companies', {}, sort, 20);
    const expectedTerms = (field: string) => ({
      terms: { field, size: FACET_SIZE, shard_size: expect.any(Number), order: [{ _count: 'desc' }, { _key: 'asc' }] },
    });
    expect(request.aggs).toEqual({
      industries: expectedTerms('industry'),
      countries: expectedTerms('country'),
      employee_count: expectedTerms('employee_count'),
      technologies: expectedTerms('technologies'),
    });
    expect(FACET_SIZE).toBe(20);
  });

  it('resumes after a position with search_after and leaves totals and facets over the whole match set', () => {
    const request = buildSearchRequest('companies', {}, sort, 50, { key: 500, id: 'c-9' });
    expect(request.search_after).toEqual([500, 'c-9']);
    expect(request.track_total_hits).toBe(10_000);
    expect(request.aggs).toBeDefined();
    // The position narrows the page, never the query that totals and facets count.
    expect(request.query).toEqual({ bool: {} });
  });

  it('summarises from exactly the fields of a company summary', () => {
    expect([...SUMMARY_SOURCE_FIELDS].sort()).toEqual(
      ['city', 'country', 'domain', 'employee_count', 'founded_year', 'id', 'industry', 'name', 'technologies'],
    );
  });
});

describe('buildIdBatchRequest', () => {
  const sort = { field: 'relevance', order: 'desc', hasQuery: true } as const;

  it('reads ids only: no source, no total, no facets', () => {
    const request = buildIdBatchRequest('companies', { query: 'freight' }, sort, 1_000);
    expect(request).toMatchObject({ index: 'companies', size: 1_000, _source: false, track_total_hits: false });
    expect(request.aggs).toBeUndefined();
    expect(request.sort).toEqual([{ _score: { order: 'desc' } }, { id: { order: 'asc' } }]);
    expect(request.search_after).toBeUndefined();
  });

  it('hands the previous batch’s last sort values back unchanged', () => {
    expect(buildIdBatchRequest('companies', {}, sort, 10, [4.75, 'c-1']).search_after).toEqual([4.75, 'c-1']);
  });
});
