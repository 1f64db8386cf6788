-- City as a facet summary dimension: a filter on cities (and nothing else) is a sum over the
-- summary rows of its cities instead of a pass over its few thousand matches, each a random
-- heap page (docs/performance.md). A city is one value per company, so the rows of several
-- cities add up exactly, as those of several countries do. Rows only: the table and its key
-- are the same ('city' is another value of "dim"); rebuilt with the other one-value
-- dimensions from now on (company-index/postgres/facet-summaries.ts).
--
-- Only cities with at least 500 companies (MIN_SUMMARISED_CITY_COMPANIES) get rows: every
-- city would be 3.1M rows at 1M companies, mostly for the ~79,000 cities with fewer than 100.
-- A search reads a city without a 'total' row live.

-- The aggregation keeps its groups in memory instead of spilling (as the rebuild does).
SET LOCAL work_mem = '256MB';

-- Counted from the companies now, in this statement's snapshot, so summaries that are at the
-- current data version stay usable (and cover cities) without a rebuild; stale ones stay
-- unused, as before, and the next rebuild replaces these rows too. Same facet values as the
-- rebuild's (FACET_VALUES).
INSERT INTO "company_facet_summaries" ("dim", "dim_value", "facet", "facet_value", "companies")
SELECT 'city', c."city", f.facet, f.value, count(*)::int
FROM "companies" c
CROSS JOIN LATERAL (
    SELECT 'total'::text, ''::text
    UNION ALL SELECT 'countries', c."country" WHERE c."country" IS NOT NULL
    UNION ALL SELECT 'industries', c."industry" WHERE c."industry" IS NOT NULL
    UNION ALL SELECT 'employee_count', c."employee_count"::text WHERE c."employee_count" IS NOT NULL
    UNION ALL SELECT 'technologies', t FROM unnest(c."technologies") AS t
) AS f(facet, value)
WHERE c."city" IN (SELECT "city" FROM "companies" WHERE "city" IS NOT NULL GROUP BY "city" HAVING count(*) >= 500)
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
