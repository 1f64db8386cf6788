-- Free-text postings: for every lexeme of search_vector, the ordinals of the companies whose
-- vector holds it and, in the same order, the lexeme's relevance in each of them (ts_rank with
-- the weights of sort-sql.ts and the lexeme alone as the query). A free-text query without
-- phrases is then a few rows here: its match set is set algebra over the ordinals, and its
-- relevance (the sum of its lexemes' relevances) is a sum over the same rows
-- (postings-search.ts). Same ordinals, rebuild and freshness rule as the keyword postings.
CREATE TABLE "company_text_postings" (
    "lexeme" TEXT NOT NULL,
    -- Packed like the keyword postings' ordinals: 4 bytes each, big-endian (int4send, float4send).
    "ordinals" BYTEA NOT NULL,
    "ranks" BYTEA NOT NULL,

    CONSTRAINT "company_text_postings_pkey" PRIMARY KEY ("lexeme")
);

CREATE TABLE "company_text_postings_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    -- The data version the postings were built at; -1: never, or being rebuilt.
    "data_version" BIGINT NOT NULL,

    CONSTRAINT "company_text_postings_state_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "company_text_postings_state_single_row" CHECK ("id" = 1)
);
INSERT INTO "company_text_postings_state" ("id", "data_version") VALUES (1, -1);
