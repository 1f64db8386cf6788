import type { NormalizedFilters } from '@radar/company-index';

/**
 * A signed share of the facet summaries (migrations 20261122090000_search_tuning and, for
 * cities, 20261122110000_city_facet_summaries): the companies whose dimension `dim` has
 * value `value`, added (+1) or taken away (-1).
 */
export interface SummaryTerm {
  dim: 'all' | 'country' | 'city' | 'industry' | 'employee_count' | 'naics_sector' | 'technology' | typeof FOUNDED_FROM;
  value: string;
  sign: 1 | -1;
}

/**
 * The companies founded in `value` or later (company_founded_year_summaries, read at the
 * smallest stored year at or above it; nothing when no company is that young).
 */
const FOUNDED_FROM = 'founded_year_from';
/** Below every year a column of type integer can hold: "from" it counts every company with a founded year. */
const EARLIEST_YEAR = -2147483648;

const plus = (dim: SummaryTerm['dim'], values: readonly (string | number)[]): SummaryTerm[] =>
  values.map((value) => ({ dim, value: String(value), sign: 1 }));

/**
 * The match set as a signed sum of summary rows, when its filters constrain at most one
 * summarised dimension and nothing else; undefined otherwise (the live path counts it).
 * Exact because each of these dimensions holds one value per company (a city: the one the
 * company is in, so companies of cities in different countries that share a name are counted
 * together, as the live filter on the city column does; a technology filter
 * of one value: companies using it), so the values of a list are disjoint sets and their
 * counts add up; exclude_industries is everything minus the excluded industries, which keeps
 * companies without an industry exactly as the live filter does.
 */
export function summaryTerms(filters: NormalizedFilters): SummaryTerm[] | undefined {
  const {
    countries, cities, industries, excludeIndustries, employeeCounts, foundedYearMin, foundedYearMax, naicsPrefixes, technologies,
    ...others
  } = filters;
  const unsupported = Object.entries(others).some(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0));
  if (unsupported) return undefined;
  const dimensions: SummaryTerm[][] = [];
  if (countries !== undefined) dimensions.push(plus('country', countries));
  if (cities !== undefined) dimensions.push(plus('city', cities));
  if (industries !== undefined) {
    const excluded = new Set(excludeIndustries ?? []);
    dimensions.push(plus('industry', industries.filter((industry) => !excluded.has(industry))));
  } else if (excludeIndustries !== undefined) {
    dimensions.push([{ dim: 'all', value: '', sign: 1 }, ...excludeIndustries.map((value): SummaryTerm => ({ dim: 'industry', value, sign: -1 }))]);
  }
  if (employeeCounts !== undefined) dimensions.push(plus('employee_count', employeeCounts));
  if (foundedYearMin !== undefined || foundedYearMax !== undefined) dimensions.push(foundedYearTerms(foundedYearMin, foundedYearMax));
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

/**
 * A founded-year range as "founded in min or later" minus "founded after max": two lookups of
 * cumulative rows whatever the range's length. Exact: the second set is a subset of the first
 * (when max >= min), and companies without a founded year are in neither, as the live filter
 * leaves them out.
 */
function foundedYearTerms(min: number | undefined, max: number | undefined): SummaryTerm[] {
  const from = min ?? EARLIEST_YEAR;
  if (max === undefined) return [{ dim: FOUNDED_FROM, value: String(from), sign: 1 }];
  if (max < from) return [];
  return [
    { dim: FOUNDED_FROM, value: String(from), sign: 1 },
    { dim: FOUNDED_FROM, value: String(max + 1), sign: -1 },
  ];
}

/** The current data version: the sequence the companies trigger advances on every write. */
export const CURRENT_DATA_VERSION = `(SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM company_data_version)`;

/**
 * Total and facet counts of a signed sum of summary rows, plus a '#fresh' row when the
 * summaries were computed at the current data version and hold every city the terms name
 * (read in the same statement, so all of it comes from one snapshot). Without that row the
 * caller must not use the counts. A city without rows is one with fewer than
 * MIN_SUMMARISED_CITY_COMPANIES companies (or none): the live path counts it, cheaply.
 */
export const READ_SUMMARIES_SQL = `
  WITH w AS (SELECT * FROM unnest($1::text[], $2::text[], $3::int[]) AS w(dim, dim_value, sign)),
  shares AS (
    SELECT s.facet, s.facet_value, s.companies * w.sign AS companies
    FROM w JOIN company_facet_summaries s ON s.dim = w.dim AND s.dim_value = w.dim_value
    UNION ALL
    SELECT y.facet, y.facet_value, y.companies * w.sign
    FROM w
    CROSS JOIN LATERAL (
      -- The CASE keeps the cast away from the other dimensions' values (not numbers).
      SELECT min(from_year) AS from_year FROM company_founded_year_summaries
      WHERE from_year >= CASE WHEN w.dim = '${FOUNDED_FROM}' THEN w.dim_value::int END
    ) AS k
    JOIN company_founded_year_summaries y ON y.from_year = k.from_year
  )
  SELECT facet, facet_value AS value, sum(companies)::int AS count
  FROM shares
  GROUP BY facet, facet_value
  HAVING sum(companies) > 0
  UNION ALL
  SELECT '#fresh', NULL, 1
  WHERE (SELECT data_version FROM company_facet_summary_state) = ${CURRENT_DATA_VERSION}
    AND NOT EXISTS (
      SELECT 1 FROM w
      WHERE w.dim = 'city' AND NOT EXISTS (
        SELECT 1 FROM company_facet_summaries s
        WHERE s.dim = 'city' AND s.dim_value = w.dim_value AND s.facet = 'total' AND s.facet_value = ''
      )
    )`;

export const FRESH_MARKER = '#fresh';

export const SUMMARIES_ARE_FRESH_SQL = `SELECT (SELECT data_version FROM company_facet_summary_state) = ${CURRENT_DATA_VERSION} AS fresh`;

/** Blocks writers (and waits for those in flight) so the data and its version hold still while a part is counted. */
export const LOCK_FOR_SUMMARY_SQL = 'LOCK TABLE companies IN SHARE MODE';
export const CURRENT_DATA_VERSION_SQL = `SELECT ${CURRENT_DATA_VERSION}::text AS version`;

/**
 * Cities get summary rows only from this many companies on. At 1M companies 97 cities hold
 * 2,000 or more (55% of the companies) and 79,000 hold fewer than 100: rows for every city
 * were 3.1M (13 times all the other dimensions together) and 43 s more per rebuild, for
 * cities whose few hundred heap pages the live path reads in a few ms anyway.
 */
export const MIN_SUMMARISED_CITY_COMPANIES = 500;

/** What a company contributes to each facet: one row per facet value it has (and one to the total). */
const FACET_VALUES = `
  SELECT 'total'::text, ''::text
  UNION ALL SELECT 'countries', c.country WHERE c.country IS NOT NULL
  UNION ALL SELECT 'industries', c.industry WHERE c.industry IS NOT NULL
  UNION ALL SELECT 'employee_count', c.employee_count::text WHERE c.employee_count IS NOT NULL
  UNION ALL SELECT 'technologies', t FROM unnest(c.technologies) AS t`;

/**
 * The two halves of a rebuild, each a transaction that can run on its own connection: the
 * one-value dimensions (cities only from `minCityCompanies` companies on), and technologies (a company counts once under each technology it
 * uses; the writer stores each technology once per company). Rows go in in key order, so the
 * rows of one dimension value sit on a few neighbouring pages. The per-year rows feed the
 * cumulative "founded in or after" rows a founded-year range reads.
 */
export const rebuildSummariesSql = (minCityCompanies: number): readonly string[] => [
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
  // Only the cities with enough companies to be slow live (see MIN_SUMMARISED_CITY_COMPANIES).
  `INSERT INTO company_facet_summaries (dim, dim_value, facet, facet_value, companies)
   SELECT 'city', c.city, f.facet, f.value, count(*)::int
   FROM companies c
   CROSS JOIN LATERAL (${FACET_VALUES}) AS f(facet, value)
   WHERE c.city IN (SELECT city FROM companies WHERE city IS NOT NULL GROUP BY city HAVING count(*) >= ${Math.max(1, Math.trunc(minCityCompanies))})
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4`,
  // From the per-year rows just written, in the same transaction (so at the same version): a
  // running sum from the latest year down over every (year, facet value) pair, which took
  // 0.8 s at 1M companies where joining each year to all later years took 3 s.
  `DELETE FROM company_founded_year_summaries`,
  `INSERT INTO company_founded_year_summaries (from_year, facet, facet_value, companies)
   SELECT year, facet, facet_value, companies FROM (
     SELECT y.year, v.facet, v.facet_value,
            sum(coalesce(s.companies, 0)) OVER (PARTITION BY v.facet, v.facet_value ORDER BY y.year DESC)::int AS companies
     FROM (SELECT DISTINCT dim_value::int AS year FROM company_facet_summaries WHERE dim = 'founded_year') AS y
     CROSS JOIN (SELECT DISTINCT facet, facet_value FROM company_facet_summaries WHERE dim = 'founded_year') AS v
     LEFT JOIN company_facet_summaries s
       ON s.dim = 'founded_year' AND s.dim_value = y.year::text AND s.facet = v.facet AND s.facet_value = v.facet_value
   ) AS cumulative
   WHERE companies > 0
   ORDER BY 1, 2, 3`,
];

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
