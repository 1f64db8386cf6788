-- Founded-year ranges from two lookups instead of a sum over every year of the range.
-- For each founded year Y that occurs, the facet summary of the companies founded in Y or
-- later (the per-year rows of company_facet_summaries added up from Y on). A range [a, b] is
-- "from a" minus "from b + 1", each read at the smallest stored year at or above it; a range
-- of 60 years summed ~27,000 rows, two lookups read at most ~900. Rebuilt together with the
-- per-year rows (facet-summaries.ts), so it is exact whenever they are.
CREATE TABLE "company_founded_year_summaries" (
    "from_year" INTEGER NOT NULL,
    -- 'total', 'industries', 'countries', 'employee_count' or 'technologies'
    "facet" TEXT NOT NULL,
    "facet_value" TEXT NOT NULL,
    "companies" INTEGER NOT NULL,

    CONSTRAINT "company_founded_year_summaries_pkey" PRIMARY KEY ("from_year", "facet", "facet_value")
);

-- Derived from the per-year rows already there, so summaries that are current stay usable
-- without a rebuild (and stale ones stay unused, as before).
INSERT INTO "company_founded_year_summaries" ("from_year", "facet", "facet_value", "companies")
SELECT y.year, s.facet, s.facet_value, sum(s.companies)::int
FROM (SELECT DISTINCT "dim_value"::int AS year FROM "company_facet_summaries" WHERE "dim" = 'founded_year') AS y
JOIN "company_facet_summaries" s ON s."dim" = 'founded_year' AND s."dim_value"::int >= y.year
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
