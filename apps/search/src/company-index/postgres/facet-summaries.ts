import type { NormalizedFilters } from '../company-index';

/**
 * A signed share of the facet summaries (migration 20261122090000_search_tuning): the
 * companies whose dimension `dim` has value `value`, added (+1) or taken away (-1).
 */
export interface SummaryTerm {
  dim: 'all' | 'country' | 'industry' | 'employee_count' | 'founded_year' | 'naics_sector' | 'technology';
  value: string;
  sign: 1 | -1;
}

/** Contract bounds of founded_year_min/max: a year range expands to at most this many terms. */
const YEAR_BOUNDS = { min: 1000, max: 3000 } as const;

const plus = (dim: SummaryTerm['dim'], values: readonly (string | number)[]): SummaryTerm[] =>
  values.map((value) => ({ dim, value: String(value), sign: 1 }));

/**
 * The match set as a signed sum of summary rows, when its filters constrain at most one
 * summarised dimension and nothing else; undefined otherwise (the live path counts it).
 * Exact because each of these dimensions holds one value per company (a technology filter
 * of one value: companies using it), so the values of a list are disjoint sets and their
 * counts add up; exclude_industries is everything minus the excluded industries, which keeps
 * companies without an industry exactly as the live filter does.
 */
export function summaryTerms(filters: NormalizedFilters): SummaryTerm[] | undefined {
  const {
    countries, industries, excludeIndustries, employeeCounts, foundedYearMin, foundedYearMax, naicsPrefixes, technologies,
    ...others
  } = filters;
  const unsupported = Object.entries(others).some(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0));
  if (unsupported) return undefined;
  const dimensions: SummaryTerm[][] = [];
  if (countries !== undefined) dimensions.push(plus('country', countries));
  if (industries !== undefined) {
    const excluded = new Set(excludeIndustries ?? []);
    dimensions.push(plus('industry', industries.filter((industry) => !excluded.has(industry))));
  } else if (excludeIndustries !== undefined) {
    dimensions.push([{ dim: 'all', value: '', sign: 1 }, ...excludeIndustries.map((value): SummaryTerm => ({ dim: 'industry', value, sign: -1 }))]);
  }
  if (employeeCounts !== undefined) dimensions.push(plus('employee_count', employeeCounts));
  if (foundedYearMin !== undefined || foundedYearMax !== undefined) {
    const from = Math.max(foundedYearMin ?? YEAR_BOUNDS.min, YEAR_BOUNDS.min);
    const to = Math.min(foundedYearMax ?? YEAR_BOUNDS.max, YEAR_BOUNDS.max);
    dimensions.push(plus('founded_year', Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)));
  }
  if (naicsPrefixes !== undefined) {
    if (naicsPrefixes.some((prefix) => prefix.length !== 2)) return undefined;
    dimensions.push(plus('naics_sector', naicsPrefixes));
  }
  if (technologies !== undefined) {
    // Companies using any of several technologies overlap: their counts do not add up.
    if (technologies.length !== 1) return undefined;
    dimensions.push(plus('technology', technologies));
  }
  if (dimensions.length > 1) return undefined;
  return dimensions[0] ?? [{ dim: 'all', value: '', sign: 1 }];
}

/** The current data version: the sequence the companies trigger advances on every write. */
const CURRENT_DATA_VERSION = `(SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM company_data_version)`;

/**
 * Total and facet counts of a signed sum of summary rows, plus a '#fresh' row when the
 * summaries were computed at the current data version (read in the same statement, so both
 * come from one snapshot). Without that row the caller must not use the counts.
 */
export const READ_SUMMARIES_SQL = `
  SELECT s.facet, s.facet_value AS value, sum(s.companies * w.sign)::int AS count
  FROM unnest($1::text[], $2::text[], $3::int[]) AS w(dim, dim_value, sign)
  JOIN company_facet_summaries s ON s.dim = w.dim AND s.dim_value = w.dim_value
  GROUP BY s.facet, s.facet_value
  HAVING sum(s.companies * w.sign) > 0
  UNION ALL
  SELECT '#fresh', NULL, 1 WHERE (SELECT data_version FROM company_facet_summary_state) = ${CURRENT_DATA_VERSION}`;

export const FRESH_MARKER = '#fresh';

export const SUMMARIES_ARE_FRESH_SQL = `SELECT (SELECT data_version FROM company_facet_summary_state) = ${CURRENT_DATA_VERSION} AS fresh`;

/** Blocks writers (and waits for those in flight) so the data and its version hold still while a part is counted. */
export const LOCK_FOR_SUMMARY_SQL = 'LOCK TABLE companies IN SHARE MODE';
export const CURRENT_DATA_VERSION_SQL = `SELECT ${CURRENT_DATA_VERSION}::text AS version`;

/** What a company contributes to each facet: one row per facet value it has (and one to the total). */
const FACET_VALUES = `
  SELECT 'total'::text, ''::text
  UNION ALL SELECT 'countries', c.country WHERE c.country IS NOT NULL
  UNION ALL SELECT 'industries', c.industry WHERE c.industry IS NOT NULL
  UNION ALL SELECT 'employee_count', c.employee_count::text WHERE c.employee_count IS NOT NULL
  UNION ALL SELECT 'technologies', t FROM unnest(c.technologies) AS t`;

/**
 * The two halves of a rebuild, each one statement that can run on its own connection: the
 * one-value dimensions, and technologies (a company counts once under each technology it
 * uses; the writer stores each technology once per company). Rows go in in key order, so the
 * rows of one dimension value sit on a few neighbouring pages (a founded-year range sums ~60
 * values of ~450 rows each).
 */
export const REBUILD_SUMMARIES_SQL = [
  `DELETE FROM company_facet_summaries WHERE dim <> 'technology'`,
  `INSERT INTO company_facet_summaries (dim, dim_value, facet, facet_value, companies)
   SELECT d.dim, d.value, f.facet, f.value, count(*)::int
   FROM companies c
   CROSS JOIN LATERAL (
     SELECT 'all'::text, ''::text
     UNION ALL SELECT 'country', c.country WHERE c.country IS NOT NULL
     UNION ALL SELECT 'industry', c.industry WHERE c.industry IS NOT NULL
     UNION ALL SELECT 'employee_count', c.employee_count::text WHERE c.employee_count IS NOT NULL
     UNION ALL SELECT 'founded_year', c.founded_year::text WHERE c.founded_year IS NOT NULL
     UNION ALL SELECT 'naics_sector', left(c.naics_code, 2) WHERE c.naics_code IS NOT NULL
   ) AS d(dim, value)
   CROSS JOIN LATERAL (${FACET_VALUES}) AS f(facet, value)
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4`,
] as const;

export const REBUILD_TECHNOLOGY_SUMMARIES_SQL = [
  `DELETE FROM company_facet_summaries WHERE dim = 'technology'`,
  `INSERT INTO company_facet_summaries (dim, dim_value, facet, facet_value, companies)
   SELECT 'technology', d.value, f.facet, f.value, count(*)::int
   FROM companies c
   CROSS JOIN LATERAL unnest(c.technologies) AS d(value)
   CROSS JOIN LATERAL (${FACET_VALUES}) AS f(facet, value)
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4`,
] as const;

export const MARK_SUMMARIES_STALE_SQL = 'UPDATE company_facet_summary_state SET data_version = -1';
/** Records the version both halves were counted at, unless a write came after them. */
export const MARK_SUMMARIES_FRESH_SQL = `UPDATE company_facet_summary_state SET data_version = $1::bigint WHERE $1::bigint = ${CURRENT_DATA_VERSION}`;
