import type { estypes } from '@elastic/elasticsearch';
import type { NormalizedFilters, PagePosition, SortOrder, SortSpec } from '@radar/company-index';
import { queryText } from './company-query';

/**
 * Where a row missing a numeric sort field sorts: past every stored value in the direction of
 * the sort, so it comes last in both directions (what `missing: _last` means). The value is
 * named rather than left to `_last` because `_last` puts the comparator's own extreme in the
 * hit's sort values (Long.MAX_VALUE on a long comparator, which a JavaScript number cannot hold)
 * and that value has to go back into search_after unchanged for the next page to start after
 * the row. Both bounds are far outside the stored data (band markers up to 10001, years up to
 * 3000) and inside the 32-bit integer fields.
 */
export const MISSING_LAST_ASC = 2_147_483_647;
export const MISSING_LAST_DESC = -2_147_483_648;

/**
 * The sort a search really runs: relevance "with a query" but without any text to score has
 * nothing to rank by, and falls back to the completeness order, as it does without a query.
 */
export function effectiveSort(sort: SortSpec, filters: NormalizedFilters): SortSpec {
  if (sort.field === 'relevance' && sort.hasQuery && queryText(filters) === undefined) return { ...sort, hasQuery: false };
  return sort;
}

/** How the first sort key of a sort is read and written. */
type SortKey =
  | { kind: 'score' }
  | { kind: 'number'; field: string }
  /** Keyword sorts accept `_last` and a null in search_after, so no sentinel is needed. */
  | { kind: 'keyword'; field: string };

function sortKeyOf(sort: SortSpec): SortKey {
  switch (sort.field) {
    case 'relevance':
      // Relevance without a query is the completeness order (interface.md).
      return sort.hasQuery ? { kind: 'score' } : { kind: 'number', field: 'data_quality_score' };
    case 'quality':
      return { kind: 'number', field: 'data_quality_score' };
    case 'employee_count':
      return { kind: 'number', field: 'employee_count' };
    case 'founded_year':
      return { kind: 'number', field: 'founded_year' };
    case 'name':
      return { kind: 'keyword', field: 'name_sort' };
  }
}

function missingNumber(order: SortOrder): number {
  return order === 'asc' ? MISSING_LAST_ASC : MISSING_LAST_DESC;
}

/**
 * The sort of a search: the requested key, then the company id ascending, so equal keys page
 * in one stable order and every row has a unique position for search_after.
 */
export function buildSort(sort: SortSpec): estypes.SortCombinations[] {
  const key = sortKeyOf(sort);
  const tieBreak: estypes.SortCombinations = { id: { order: 'asc' } };
  switch (key.kind) {
    case 'score':
      return [{ _score: { order: sort.order } }, tieBreak];
    case 'number':
      return [{ [key.field]: { order: sort.order, missing: missingNumber(sort.order) } }, tieBreak];
    case 'keyword':
      return [{ [key.field]: { order: sort.order, missing: '_last' } }, tieBreak];
  }
}

/** search_after values that resume right after the row at `position`. */
export function searchAfterFrom(sort: SortSpec, position: PagePosition): estypes.SortResults {
  const key = sortKeyOf(sort);
  if (position.key === null) {
    return [key.kind === 'number' ? missingNumber(sort.order) : null, position.id];
  }
  return [position.key, position.id];
}

function isSortKeyValue(value: unknown): value is string | number | null {
  return value === null || typeof value === 'string' || typeof value === 'number';
}

/**
 * The position of a hit from its sort values: the sort key (null when the row lacks the field)
 * and the company id.
 */
export function positionFromSortValues(sort: SortSpec, sortValues: estypes.SortResults | undefined, id: string): PagePosition {
  const value = sortValues?.[0];
  if (!isSortKeyValue(value)) {
    throw new Error(`Elasticsearch returned no usable sort value for company ${id}`);
  }
  const key = sortKeyOf(sort);
  if (key.kind === 'number' && value === missingNumber(sort.order)) return { key: null, id };
  return { key: value, id };
}
