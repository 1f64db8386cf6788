-- Search tuning at a million companies (docs/performance-search.md).

-- Keyword phrases: the words text is stored instead of recomputed. The trigram index narrows a
-- phrase to candidate rows, but every candidate (and, for exclude_keywords, every row) is
-- re-checked with LIKE against this text; computing the two regexp_replace calls per row was
-- most of the cost of a keyword search. Same expression as before (KEYWORD_TEXT in
-- company-index/postgres/filter-sql.ts names this column now).
ALTER TABLE "companies" ADD COLUMN "keyword_text" TEXT GENERATED ALWAYS AS (
    ' ' || regexp_replace(lower("name"), '[^[:alnum:]]+', ' ', 'g') || ' | ' ||
    regexp_replace(lower(coalesce("description", '')), '[^[:alnum:]]+', ' ', 'g') || ' '
) STORED;
DROP INDEX "companies_keyword_words_trgm_idx";
CREATE INDEX "companies_keyword_text_trgm_idx" ON "companies" USING GIN ("keyword_text" gin_trgm_ops);

-- Data version: every statement that writes companies takes a new number (a sequence, so
-- concurrent loaders never wait on each other for it). Anything derived from the table is
-- exact only while it was computed at the current number.
CREATE SEQUENCE "company_data_version";

CREATE FUNCTION "bump_company_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM nextval('company_data_version');
    RETURN NULL;
END
$$;

CREATE TRIGGER "companies_data_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
    FOR EACH STATEMENT EXECUTE FUNCTION "bump_company_data_version"();

-- Facet summaries: for every value of one filter dimension (country, industry, size band,
-- founded year, NAICS sector, technology, and 'all' for no filter), how many companies have
-- it and how they spread over the four facets. A search or count whose filters constrain
-- one of these dimensions and nothing else is a sum over a few hundred rows here instead of
-- a pass over its whole match set. Rebuilt after a dataset load (PostgresCompanyIndex.refresh);
-- used only while "company_facet_summary_state" holds the current data version.
CREATE TABLE "company_facet_summaries" (
    "dim" TEXT NOT NULL,
    "dim_value" TEXT NOT NULL,
    -- 'total', 'industries', 'countries', 'employee_count' or 'technologies'
    "facet" TEXT NOT NULL,
    "facet_value" TEXT NOT NULL,
    "companies" INTEGER NOT NULL,

    CONSTRAINT "company_facet_summaries_pkey" PRIMARY KEY ("dim", "dim_value", "facet", "facet_value")
);

CREATE TABLE "company_facet_summary_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    -- The data version the summaries were computed at; -1: never, or being rebuilt.
    "data_version" BIGINT NOT NULL,

    CONSTRAINT "company_facet_summary_state_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "company_facet_summary_state_single_row" CHECK ("id" = 1)
);
INSERT INTO "company_facet_summary_state" ("id", "data_version") VALUES (1, -1);
