import { createHash, randomBytes } from 'node:crypto';
import type { estypes } from '@elastic/elasticsearch';
import { SEARCH_TOTAL_CAP } from '@radar/contracts';
import type { NormalizedFilters, PagePosition, SortSpec } from '@radar/company-index';
import { buildCompanyQuery, buildCompanyQueryAmong } from './company-query';
import { facetAggregations, type FacetShardSizes } from './facet-aggregations';
import { buildSort, searchAfterFrom } from './sort-clause';

/** The document fields a company summary is built from; the rest of _source stays on disk. */
export const SUMMARY_SOURCE_FIELDS = ['id', 'name', 'domain', 'industry', 'employee_count', 'country', 'city', 'technologies', 'founded_year'];

/** The summaries of some companies, by id (at most a few hundred: a lookup's answers, a page of similar companies). */
export function summariesRequest(index: string, ids: string[]): estypes.SearchRequest {
  return { index, query: { ids: { values: ids } }, size: ids.length, track_total_hits: false, _source: SUMMARY_SOURCE_FIELDS, allow_partial_search_results: false };
}

/**
 * Which shard copies answer the requests of one search session: a search's pages (its first
 * page draws a random token, the cursor carries it to the next), an export's id batches, the
 * requests of one similar-companies call. The same string for every request of a session, so
 * paging with search_after reads one copy of each shard throughout and a replica that
 * refreshed earlier or later than its primary cannot make rows skip or repeat between pages;
 * a random one per session, so callers of a popular search spread over the copies instead of
 * all landing on the one its filters would hash to. It costs no state on the cluster, unlike
 * a point in time, and any copy serves when the chosen one is gone. (It must not start with `_`.)
 */
export function sessionPreference(session: string): string {
  return `session-${session}`;
}

/**
 * The preference of a cursor issued before cursors carried a session token: a hash of the
 * search's filters and sort, as its earlier pages were read with, so it goes on reading the
 * same copies.
 */
export function filtersPreference(filters: NormalizedFilters, sort: SortSpec): string {
  const digest = createHash('sha256').update(JSON.stringify({ filters, sort })).digest('base64url');
  return `search-${digest.slice(0, 22)}`;
}

/** A new session token: 128 random bits, base64url. */
export function randomSessionToken(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The rows of one page. It asks for one row more than the page holds: that row is not
 * returned, it only tells whether another page follows, so the last page never carries a
 * position that leads to an empty one. Totals and facets come from buildSummaryRequest.
 */
export function buildHitsRequest(
  index: string,
  filters: NormalizedFilters,
  sort: SortSpec,
  limit: number,
  after: PagePosition | undefined,
  preference: string,
): estypes.SearchRequest {
  const request: estypes.SearchRequest = {
    index,
    query: buildCompanyQuery(filters),
    sort: buildSort(sort),
    size: limit + 1,
    // The total comes from the summary request; without this Elasticsearch would count up to 10,000 again.
    track_total_hits: false,
    _source: SUMMARY_SOURCE_FIELDS,
    // A shard that fails would otherwise leave its companies out of an answer that still says 200.
    allow_partial_search_results: false,
    preference,
  };
  if (after !== undefined) request.search_after = searchAfterFrom(sort, after);
  return request;
}

/**
 * The capped total and the facets of a match set: `size: 0`, so the shard request cache
 * keeps the answer until the next refresh and every further page of the search (and every
 * other search of the same filters) is answered from it instead of counting the match set
 * again. The body depends only on the filters (not the page or the sort), which is what makes
 * the cache hit.
 */
export function buildSummaryRequest(index: string, filters: NormalizedFilters, shardSizes: FacetShardSizes, preference: string): estypes.SearchRequest {
  return {
    index,
    query: buildCompanyQuery(filters),
    size: 0,
    // Counting stops at the cap: exact totals are what /companies/counts is for.
    track_total_hits: SEARCH_TOTAL_CAP,
    aggs: facetAggregations(shardSizes),
    request_cache: true,
    allow_partial_search_results: false,
    preference,
  };
}

/**
 * One batch of matching ids in sort order, for export sources. `after` is the raw sort values
 * of the previous batch's last hit, handed back to Elasticsearch as it gave them; `among`
 * restricts the matches to those ids (a saved list).
 */
export function buildIdBatchRequest(
  index: string,
  filters: NormalizedFilters,
  sort: SortSpec,
  size: number,
  after?: estypes.SortResults,
  among?: readonly string[],
  preference?: string,
): estypes.SearchRequest {
  const request: estypes.SearchRequest = {
    index,
    query: among ? buildCompanyQueryAmong(filters, [...among]) : buildCompanyQuery(filters),
    sort: buildSort(sort),
    size,
    track_total_hits: false,
    _source: false,
    allow_partial_search_results: false,
  };
  if (preference !== undefined) request.preference = preference;
  if (after !== undefined) request.search_after = after;
  return request;
}
