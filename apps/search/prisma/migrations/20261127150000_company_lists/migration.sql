-- Other domains a company is known by (a country domain, a former domain that redirects, a
-- store on a hosted platform): lookups and the domains filter match them as the company's own
-- domain. Keyed by (domain, company): two companies may claim one domain (a lookup is then
-- ambiguous), and the domain index finds both.
CREATE TABLE "company_domains" (
    "domain" TEXT NOT NULL,
    "company_id" UUID NOT NULL,

    CONSTRAINT "company_domains_pkey" PRIMARY KEY ("domain", "company_id")
);

-- CreateIndex
CREATE INDEX "company_domains_company_id_idx" ON "company_domains"("company_id");

-- AddForeignKey
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The characteristic terms of each description (similar companies, extensions.md section 2):
-- its 25 lexemes (english stemming, as the free-text query) with the highest tf-idf over the
-- whole index, best first. Rebuilt whole when the data version moves, like the postings.
CREATE TABLE "company_characteristic_terms" (
    "company_id" UUID NOT NULL,
    "terms" TEXT[],

    CONSTRAINT "company_characteristic_terms_pkey" PRIMARY KEY ("company_id")
);

CREATE TABLE "company_characteristic_terms_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    -- The data version the terms were computed at; -1: never, or being rebuilt.
    "data_version" BIGINT NOT NULL,

    CONSTRAINT "company_characteristic_terms_state_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "company_characteristic_terms_state_single_row" CHECK ("id" = 1)
);
INSERT INTO "company_characteristic_terms_state" ("id", "data_version") VALUES (1, -1);
