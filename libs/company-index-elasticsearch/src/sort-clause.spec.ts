import type { SortSpec } from '@radar/company-index';
import { buildSort, effectiveSort, MISSING_LAST_ASC, MISSING_LAST_DESC, positionFromSortValues, searchAfterFrom } from './sort-clause';

const idAscending = { id: { order: 'asc' } };

describe('buildSort', () => {
  it('orders relevance with a query by score, ties by id', () => {
    expect(buildSort({ field: 'relevance', order: 'desc', hasQuery: true })).toEqual([{ _score: { order: 'desc' } }, idAscending]);
  });

  it('orders relevance without a query and quality by data_quality_score, ties by id', () => {
    const completeness = [{ data_quality_score: { order: 'desc', missing: MISSING_LAST_DESC } }, idAscending];
    expect(buildSort({ field: 'relevance', order: 'desc', hasQuery: false })).toEqual(completeness);
    expect(buildSort({ field: 'quality', order: 'desc', hasQuery: true })).toEqual(completeness);
    expect(buildSort({ field: 'quality', order: 'desc', hasQuery: false })).toEqual(completeness);
  });

  it.each(['employee_count', 'founded_year'] as const)('sorts %s with missing values last in both directions', (field) => {
    expect(buildSort({ field, order: 'asc', hasQuery: false })).toEqual([{ [field]: { order: 'asc', missing: MISSING_LAST_ASC } }, idAscending]);
    expect(buildSort({ field, order: 'desc', hasQuery: false })).toEqual([{ [field]: { order: 'desc', missing: MISSING_LAST_DESC } }, idAscending]);
  });

  it('puts a missing number past every stored value in the direction of the sort', () => {
    const largestStored = Math.max(10_001, 3_000, 12);
    expect(MISSING_LAST_ASC).toBeGreaterThan(largestStored);
    expect(MISSING_LAST_DESC).toBeLessThan(0);
    // Both fit the 32-bit integer fields and a JavaScript number exactly.
    expect(MISSING_LAST_ASC).toBe(2 ** 31 - 1);
    expect(MISSING_LAST_DESC).toBe(-(2 ** 31));
  });

  it('sorts names case-insensitively on the normalised keyword, missing last', () => {
    expect(buildSort({ field: 'name', order: 'asc', hasQuery: false })).toEqual([{ name_sort: { order: 'asc', missing: '_last' } }, idAscending]);
    expect(buildSort({ field: 'name', order: 'desc', hasQuery: true })).toEqual([{ name_sort: { order: 'desc', missing: '_last' } }, idAscending]);
  });
});

describe('page positions and search_after', () => {
  const byScore: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };
  const byEmployeesAsc: SortSpec = { field: 'employee_count', order: 'asc', hasQuery: false };
  const byFoundedDesc: SortSpec = { field: 'founded_year', order: 'desc', hasQuery: false };
  const byName: SortSpec = { field: 'name', order: 'asc', hasQuery: false };

  it('resumes after the key and id of the previous page’s last row', () => {
    expect(searchAfterFrom(byScore, { key: 7.312, id: 'c-1' })).toEqual([7.312, 'c-1']);
    expect(searchAfterFrom(byEmployeesAsc, { key: 200, id: 'c-2' })).toEqual([200, 'c-2']);
    expect(searchAfterFrom(byName, { key: 'northwind analytics', id: 'c-3' })).toEqual(['northwind analytics', 'c-3']);
  });

  it('resumes inside the missing-value tail of a numeric sort from the sort’s missing value', () => {
    expect(searchAfterFrom(byEmployeesAsc, { key: null, id: 'c-4' })).toEqual([MISSING_LAST_ASC, 'c-4']);
    expect(searchAfterFrom(byFoundedDesc, { key: null, id: 'c-5' })).toEqual([MISSING_LAST_DESC, 'c-5']);
  });

  it('resumes inside the missing-value tail of the name sort from a null key', () => {
    expect(searchAfterFrom(byName, { key: null, id: 'c-6' })).toEqual([null, 'c-6']);
  });

  it('reads a row missing the sort field as a null key', () => {
    expect(positionFromSortValues(byEmployeesAsc, [MISSING_LAST_ASC, 'c-4'], 'c-4')).toEqual({ key: null, id: 'c-4' });
    expect(positionFromSortValues(byFoundedDesc, [MISSING_LAST_DESC, 'c-5'], 'c-5')).toEqual({ key: null, id: 'c-5' });
    expect(positionFromSortValues(byName, [null, 'c-6'], 'c-6')).toEqual({ key: null, id: 'c-6' });
  });

  it('reads the score as the key of relevance with a query', () => {
    expect(positionFromSortValues(byScore, [3.25, 'c-7'], 'c-7')).toEqual({ key: 3.25, id: 'c-7' });
  });

  it('turns every position it reads back into the sort values it came from', () => {
    const cases: [SortSpec, (string | number | null)[]][] = [
      [byScore, [12.5, 'a']],
      [byEmployeesAsc, [50, 'b']],
      [byEmployeesAsc, [MISSING_LAST_ASC, 'c']],
      [byFoundedDesc, [MISSING_LAST_DESC, 'd']],
      [byName, ['acme', 'e']],
      [byName, [null, 'f']],
      [{ field: 'quality', order: 'asc', hasQuery: false }, [9, 'g']],
    ];
    for (const [sort, sortValues] of cases) {
      const id = String(sortValues[1]);
      expect(searchAfterFrom(sort, positionFromSortValues(sort, sortValues, id))).toEqual(sortValues);
    }
  });

  it('refuses a hit without sort values', () => {
    expect(() => positionFromSortValues(byScore, undefined, 'c-8')).toThrow(/no usable sort value/);
  });
});

describe('effectiveSort', () => {
  it('keeps relevance by score when there is text to score', () => {
    const sort: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };
    expect(effectiveSort(sort, { query: 'freight' })).toBe(sort);
  });

  it('ranks relevance "with a query" that has no text by completeness, as without a query', () => {
    expect(effectiveSort({ field: 'relevance', order: 'desc', hasQuery: true }, {})).toEqual({ field: 'relevance', order: 'desc', hasQuery: false });
  });

  it('leaves every other sort as it is', () => {
    const sort: SortSpec = { field: 'name', order: 'asc', hasQuery: true };
    expect(effectiveSort(sort, {})).toBe(sort);
  });
});
