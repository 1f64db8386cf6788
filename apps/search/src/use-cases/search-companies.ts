import { SEARCH_PAGE_DEFAULT, SEARCH_TOTAL_CAP, type SearchRequest, type SearchResponse } from '@radar/contracts';
import { normalizeFilters } from '@radar/company-index';
import { sortSpecOf } from '@radar/company-index';
import type { SearchDeps } from './deps';

/** POST /companies/search: one page of matches in the requested order, with facets and a signed cursor. */
export async function searchCompanies(deps: Pick<SearchDeps, 'companyIndex' | 'cursors'>, request: SearchRequest): Promise<SearchResponse> {
  const { filters, keywordPhrasesCollapsed } = normalizeFilters(request);
  const sort = sortSpecOf(request, filters.query !== undefined);
  const after = request.cursor === undefined ? undefined : deps.cursors.decode(request.cursor, sort);
  const page = await deps.companyIndex.search(filters, sort, request.limit ?? SEARCH_PAGE_DEFAULT, after);
  return {
    items: page.items,
    total: Math.min(page.total, SEARCH_TOTAL_CAP),
    aggregations: page.aggregations,
    next_cursor: page.next === undefined ? null : deps.cursors.encode(sort, page.next),
    ...(keywordPhrasesCollapsed ? { keyword_phrases_collapsed: true as const } : {}),
  };
}

/**
 * Runs the search every client starts with (no filters, default sort) so its facets, the most
 * expensive part of a broad search, are computed before the first caller asks. Best effort.
 */
export async function warmDefaultSearch(deps: Pick<SearchDeps, 'companyIndex'>): Promise<void> {
  const { filters } = normalizeFilters({});
  await Promise.all([deps.companyIndex.search(filters, sortSpecOf({}, false), 1), deps.companyIndex.warmUp?.()]);
}
