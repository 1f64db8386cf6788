-- Trigram indexes make keyword phrase matching (whole words in order in name or description)
-- an index lookup instead of a scan of every description.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "companies" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "description" TEXT,
    "industry" TEXT,
    "naics_code" VARCHAR(6),
    "employee_count" INTEGER,
    "country" TEXT,
    "country_code" VARCHAR(2),
    "state" TEXT,
    "city" TEXT,
    "technologies" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "technology_categories" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "founded_year" INTEGER,
    "profile_url" TEXT,
    "funding_stage" TEXT,
    "funding_total_usd" BIGINT,
    "last_funding_date" DATE,
    "data_quality_score" SMALLINT NOT NULL,
    -- The name sort compares case-insensitively; the "C" collation makes the order the same
    -- on every server whatever its locale (and the same as the Elasticsearch keyword order).
    "name_key" TEXT COLLATE "C" GENERATED ALWAYS AS (lower("name")) STORED,
    -- Relevance: name weighs most (A), then description (B), industry (C) and domain (D).
    -- The domain is split at dots and dashes so its words can match.
    "search_vector" TSVECTOR GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, "name"), 'A') ||
        setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
        setweight(to_tsvector('english'::regconfig, coalesce("industry", '')), 'C') ||
        setweight(to_tsvector('simple'::regconfig, translate("domain", '.-', '  ')), 'D')
    ) STORED,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "companies_domain_key" ON "companies"("domain");

-- Free-text query.
CREATE INDEX "companies_search_vector_idx" ON "companies" USING GIN ("search_vector");

-- Keyword phrases: name and description as their words (runs of letters and digits) between
-- single spaces, searched with LIKE '% word word %'. The expression must stay identical to
-- KEYWORD_TEXT in company-index/postgres/filter-sql.ts or the planner cannot use the index.
CREATE INDEX "companies_keyword_words_trgm_idx" ON "companies" USING GIN ((
    ' ' || regexp_replace(lower("name"), '[^[:alnum:]]+', ' ', 'g') || ' | ' ||
    regexp_replace(lower(coalesce("description", '')), '[^[:alnum:]]+', ' ', 'g') || ' '
) gin_trgm_ops);

-- Equality filters.
CREATE INDEX "companies_country_idx" ON "companies"("country");
CREATE INDEX "companies_state_idx" ON "companies"("state");
CREATE INDEX "companies_city_idx" ON "companies"("city");
CREATE INDEX "companies_industry_idx" ON "companies"("industry");
CREATE INDEX "companies_naics_code_idx" ON "companies"("naics_code");
CREATE INDEX "companies_naics_sector_idx" ON "companies"(left("naics_code", 2));
CREATE INDEX "companies_founded_year_idx" ON "companies"("founded_year");

-- Array filters (overlap: any of the given values).
CREATE INDEX "companies_technologies_idx" ON "companies" USING GIN ("technologies");
CREATE INDEX "companies_technology_categories_idx" ON "companies" USING GIN ("technology_categories");

-- Sorts. Each sort reads one index in order, ties broken by id ascending, so keyset
-- pagination starts the scan right after the last row of the previous page. Numeric sorts
-- are ascending keys (descending ones negated) so that the keyset condition is one row
-- comparison, `(key, id) > (k, last_id)`, usable as the index condition even where many rows
-- share a key (nine bands, twelve quality scores). Missing values sort last in both
-- directions: the key replaces NULL with a value beyond every real one. The expressions are
-- those of company-index/postgres/sort-sql.ts.
CREATE INDEX "companies_quality_asc_idx" ON "companies"("data_quality_score", "id");
CREATE INDEX "companies_quality_desc_idx" ON "companies"((-"data_quality_score"), "id");
CREATE INDEX "companies_employee_count_asc_idx" ON "companies"((coalesce("employee_count", 2147483647)), "id");
CREATE INDEX "companies_employee_count_desc_idx" ON "companies"((-coalesce("employee_count", -1)), "id");
CREATE INDEX "companies_founded_year_asc_idx" ON "companies"((coalesce("founded_year", 2147483647)), "id");
CREATE INDEX "companies_founded_year_desc_idx" ON "companies"((-coalesce("founded_year", -1)), "id");
-- Names rarely tie, so descending names keep the mixed (name DESC, id ASC) order.
CREATE INDEX "companies_name_asc_idx" ON "companies"("name_key", "id");
CREATE INDEX "companies_name_desc_idx" ON "companies"("name_key" DESC, "id");

-- CreateTable
CREATE TABLE "company_connections" (
    "company_id" UUID NOT NULL,
    "category" TEXT NOT NULL,
    "connected_company_id" UUID NOT NULL,
    "connected_domain" TEXT NOT NULL,

    CONSTRAINT "company_connections_pkey" PRIMARY KEY ("company_id", "category", "connected_company_id")
);

-- CreateIndex
CREATE INDEX "company_connections_connected_company_id_category_idx" ON "company_connections"("connected_company_id", "category");
CREATE INDEX "company_connections_connected_domain_category_idx" ON "company_connections"("connected_domain", "category");

-- CreateTable
CREATE TABLE "job_postings" (
    "id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "seniority" TEXT,
    "categories" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "location" TEXT,
    "first_seen_at" DATE,
    "url" TEXT,

    CONSTRAINT "job_postings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "job_postings_company_id_position_idx" ON "job_postings"("company_id", "position");

-- CreateTable
CREATE TABLE "saved_lists" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_lists_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "saved_lists_workspace_id_idx" ON "saved_lists"("workspace_id");

-- CreateTable
CREATE TABLE "saved_list_companies" (
    "list_id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_list_companies_pkey" PRIMARY KEY ("list_id", "company_id")
);

-- CreateIndex
CREATE INDEX "saved_list_companies_company_id_idx" ON "saved_list_companies"("company_id");

-- CreateTable
CREATE TABLE "workspace_unlocks" (
    "workspace_id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "export_id" UUID NOT NULL,
    "unlocked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspace_unlocks_pkey" PRIMARY KEY ("workspace_id", "company_id", "export_id")
);

-- CreateIndex
CREATE INDEX "workspace_unlocks_export_id_idx" ON "workspace_unlocks"("export_id");

-- CreateTable
CREATE TABLE "locked_exports" (
    "export_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "locked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "locked_exports_pkey" PRIMARY KEY ("export_id")
);

-- CreateTable
CREATE TABLE "dataset_loads" (
    "seed" INTEGER NOT NULL,
    "companies" INTEGER NOT NULL,
    "next_index" INTEGER NOT NULL DEFAULT 0,
    "completed" BOOLEAN NOT NULL DEFAULT false,
    "followed" INTEGER NOT NULL DEFAULT 0,
    "job_postings" INTEGER NOT NULL DEFAULT 0,
    "events" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "dataset_loads_pkey" PRIMARY KEY ("seed", "companies")
);

-- AddForeignKey
ALTER TABLE "company_connections" ADD CONSTRAINT "company_connections_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_list_companies" ADD CONSTRAINT "saved_list_companies_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "saved_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_list_companies" ADD CONSTRAINT "saved_list_companies_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
