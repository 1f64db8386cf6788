import type { Aggregations } from '@radar/contracts';

/** decisions.md: at most 20 values per facet, count descending (equal counts by value ascending). */
export const FACET_SIZE = 20;

export interface FacetRow {
  /** 'total' (value null), or a facet of Aggregations. */
  facet: string;
  value: string | null;
  count: number;
}

/** The columns a match set needs for its total and facets. */
export const FACET_COLUMNS = 'c.industry, c.country, c.employee_count, c.technologies';

/**
 * Total and every facet value of a match set `m` (a materialised CTE holding FACET_COLUMNS),
 * from one read of it: industry, country and size band in one GROUPING SETS pass (the empty
 * set is the total; GROUPING() tells the sets apart), technologies in a second pass over
 * the same rows, each company once per technology. Rows without a value are not counted.
 * Every value comes back (not only the top 20): summaries are added and subtracted before
 * toAggregations keeps the top of each facet.
 */
export const FACETS_OF_M = `
  SELECT CASE GROUPING(m.industry, m.country, m.employee_count)
           WHEN 7 THEN 'total' WHEN 3 THEN 'industries' WHEN 5 THEN 'countries' ELSE 'employee_count' END AS facet,
         coalesce(m.industry, m.country, m.employee_count::text) AS value,
         count(*)::int AS count
  FROM m
  GROUP BY GROUPING SETS ((), (m.industry), (m.country), (m.employee_count))
  UNION ALL
  SELECT 'technologies', t.value, count(*)::int FROM m CROSS JOIN LATERAL unnest(m.technologies) AS t(value) GROUP BY t.value`;

/** The facet columns of the companies matching any of `wheres` (over `companies c`), which must be disjoint. */
const rowsOf = (wheres: readonly string[]): string => wheres.map((where) => `SELECT ${FACET_COLUMNS} FROM companies c${where}`).join(' UNION ALL ');

/** Total and facets of the companies matching any of `wheres` (over `companies c`; disjoint, so nothing counts twice). */
export function liveFacetsSql(wheres: readonly string[]): string {
  return `WITH m AS MATERIALIZED (${rowsOf(wheres)})
          ${FACETS_OF_M}`;
}

/** How many companies match any of `wheres` (disjoint, as for liveFacetsSql). */
export function liveCountSql(wheres: readonly string[]): string {
  return wheres.length === 1 ? `SELECT count(*)::int AS count FROM companies c${wheres[0]}` : `SELECT count(*)::int AS count FROM (${rowsOf(wheres)}) AS m`;
}

export interface FacetCounts {
  /** Exact number of matches. */
  total: number;
  /** Every facet value with its count (not yet cut to the top 20). */
  facets: Map<string, number>;
}

const facetKey = (facet: string, value: string): string => `${facet}\u0000${value}`;

/** A summary from total and facet rows. */
export function toFacetCounts(rows: readonly FacetRow[]): FacetCounts {
  const summary: FacetCounts = { total: 0, facets: new Map() };
  for (const row of rows) {
    if (row.facet === 'total') summary.total += row.count;
    else if (row.value !== null) summary.facets.set(facetKey(row.facet, row.value), row.count);
  }
  return summary;
}

/** The companies of `whole` that are not in `part` (a subset of it): counts subtract exactly. */
export function subtractCounts(whole: FacetCounts, part: FacetCounts): FacetCounts {
  const facets = new Map(whole.facets);
  for (const [key, count] of part.facets) {
    const left = (facets.get(key) ?? 0) - count;
    if (left > 0) facets.set(key, left);
    else facets.delete(key);
  }
  return { total: whole.total - part.total, facets };
}

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The response's aggregations: top values per facet, empty facets included. */
export function toAggregations(summary: FacetCounts): Aggregations {
  const facets: Aggregations = { industries: [], countries: [], employee_count: [], technologies: [] };
  for (const [key, count] of summary.facets) {
    const [facet, value] = key.split('\u0000') as [string, string];
    if (!(facet in facets)) continue;
    const name = facet as keyof Aggregations;
    facets[name].push({ value: name === 'employee_count' ? Number(value) : value, count });
  }
  for (const facet of Object.keys(facets) as (keyof Aggregations)[]) {
    facets[facet] = facets[facet].sort((a, b) => b.count - a.count || compareValues(a.value, b.value)).slice(0, FACET_SIZE);
  }
  return facets;
}
