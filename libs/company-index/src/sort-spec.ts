import type { CompanyFilters } from '@radar/contracts';
import type { SortSpec } from './company-index';

/** The sort a request asks for: relevance, descending, unless it says otherwise. */
export function sortSpecOf(filters: Pick<CompanyFilters, 'sort_by' | 'sort_order'>, hasQuery: boolean): SortSpec {
  return { field: filters.sort_by ?? 'relevance', order: filters.sort_order ?? 'desc', hasQuery };
}

/** `<field>:<order>:<flag>` (spec/decisions.md), e.g. `relevance:desc:query`. */
export function sortString(sort: SortSpec): string {
  return `${sort.field}:${sort.order}:${sort.hasQuery ? 'query' : 'noquery'}`;
}

/**
 * Whether rows of one sort continue a scan of the other. The query flag matters only to
 * relevance (text score with a query, completeness without); for the other sorts a changed
 * query is a changed filter, which interface.md leaves undetected.
 */
export function sameSort(a: SortSpec, b: SortSpec): boolean {
  if (a.field !== b.field || a.order !== b.order) return false;
  return a.field !== 'relevance' || a.hasQuery === b.hasQuery;
}
