import type { Aggregations } from '@radar/contracts';

/** decisions.md: at most 20 values per facet, count descending (equal counts by value ascending). */
export const FACET_SIZE = 20;

export interface FacetRow {
  facet: keyof Aggregations;
  value: string | number;
  count: number;
}

/**
 * Industry, country and size band counted in one pass over the match set (GROUPING SETS);
 * GROUPING() tells which set a row belongs to. Rows without the value are not counted.
 */
export function scalarFacetsSql(where: string): string {
  return `SELECT CASE GROUPING(c.industry, c.country, c.employee_count)
                   WHEN 3 THEN 'industries' WHEN 5 THEN 'countries' ELSE 'employee_count' END AS facet,
                 coalesce(c.industry, c.country, c.employee_count::text) AS value,
                 count(*)::int AS count
          FROM companies c${where}
          GROUP BY GROUPING SETS ((c.industry), (c.country), (c.employee_count))`;
}

/** Technologies need their own pass: each company counts once per technology it uses. */
export function technologyFacetSql(where: string): string {
  return `SELECT 'technologies' AS facet, t.value, count(*)::int AS count
          FROM companies c CROSS JOIN LATERAL unnest(c.technologies) AS t(value)${where}
          GROUP BY t.value
          ORDER BY count(*) DESC, t.value COLLATE "C" ASC
          LIMIT ${FACET_SIZE}`;
}

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The response's aggregations from facet rows: top values per facet, empty facets included. */
export function toAggregations(rows: readonly { facet: string; value: string | null; count: number }[]): Aggregations {
  const facets: Aggregations = { industries: [], countries: [], employee_count: [], technologies: [] };
  for (const row of rows) {
    if (row.value === null || !(row.facet in facets)) continue;
    const facet = row.facet as keyof Aggregations;
    facets[facet].push({ value: facet === 'employee_count' ? Number(row.value) : row.value, count: row.count });
  }
  for (const facet of Object.keys(facets) as (keyof Aggregations)[]) {
    facets[facet] = facets[facet].sort((a, b) => b.count - a.count || compareValues(a.value, b.value)).slice(0, FACET_SIZE);
  }
  return facets;
}
