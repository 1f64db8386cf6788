-- Keyword postings: for every term (a run of one to three consecutive words of a company's
-- name or description, as keyword-terms.ts cuts KEYWORD_TEXT), the ordinals of the companies
-- that hold it. A company's ordinal is its position in id order at the data version the
-- postings were built at. A keyword phrase of up to three words is then one row here, and
-- the search service counts its matches and facets from its own in-memory copy of the facet
-- columns (keyword-search.ts) instead of reading every matching company's heap page.
-- Rebuilt after a dataset load; used only while "company_keyword_postings_state" holds the
-- current data version (the same rule as the facet summaries).
CREATE TABLE "company_keyword_postings" (
    "term" TEXT NOT NULL,
    -- Each ordinal as 4 bytes, big-endian (int4send), one after another: half the bytes of
    -- an int4[] on the wire (array_send adds a length word to every element).
    "ordinals" BYTEA NOT NULL,

    CONSTRAINT "company_keyword_postings_pkey" PRIMARY KEY ("term")
);

CREATE TABLE "company_keyword_postings_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    -- The data version the postings were built at; -1: never, or being rebuilt.
    "data_version" BIGINT NOT NULL,

    CONSTRAINT "company_keyword_postings_state_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "company_keyword_postings_state_single_row" CHECK ("id" = 1)
);
INSERT INTO "company_keyword_postings_state" ("id", "data_version") VALUES (1, -1);
