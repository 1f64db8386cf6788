import type { estypes } from '@elastic/elasticsearch';
import { SEARCH_TOTAL_CAP } from '@radar/contracts';
import type { NormalizedFilters, PagePosition, SortSpec } from '../company-index';
import { buildCompanyQuery } from './company-query';
import { facetAggregations } from './facet-aggregations';
import { buildSort, searchAfterFrom } from './sort-clause';

/** The document fields a company summary is built from; the rest of _source stays on disk. */
export const SUMMARY_SOURCE_FIELDS = ['id', 'name', 'domain', 'industry', 'employee_count', 'country', 'city', 'technologies', 'founded_year'];

/**
 * One page of a search. It asks for one row more than the page holds: that row is not
 * returned, it only tells whether another page follows, so the last page never carries a
 * position that leads to an empty one.
 */
export function buildSearchRequest(
  index: string,
  filters: NormalizedFilters,
  sort: SortSpec,
  limit: number,
  after?: PagePosition,
): estypes.SearchRequest {
  const request: estypes.SearchRequest = {
    index,
    query: buildCompanyQuery(filters),
    sort: buildSort(sort),
    size: limit + 1,
    // Counting stops at the cap: exact totals are what /companies/counts is for.
    track_total_hits: SEARCH_TOTAL_CAP,
    aggs: facetAggregations(),
    _source: SUMMARY_SOURCE_FIELDS,
  };
  if (after !== undefined) request.search_after = searchAfterFrom(sort, after);
  return request;
}

/**
 * One batch of matching ids in sort order, for export sources. `after` is the raw sort values
 * of the previous batch's last hit, handed back to Elasticsearch as it gave them.
 */
export function buildIdBatchRequest(
  index: string,
  filters: NormalizedFilters,
  sort: SortSpec,
  size: number,
  after?: estypes.SortResults,
): estypes.SearchRequest {
  const request: estypes.SearchRequest = {
    index,
    query: buildCompanyQuery(filters),
    sort: buildSort(sort),
    size,
    track_total_hits: false,
    _source: false,
  };
  if (after !== undefined) request.search_after = after;
  return request;
}
