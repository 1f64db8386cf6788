-- The leads' `q` (company name or domain contains the text, case ignored) as trigram index scans
-- instead of reading every followed company. Prisma cannot declare these indexes: they live here.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "followed_companies_name_trgm_idx" ON "followed_companies" USING gin ("name" gin_trgm_ops);
CREATE INDEX "followed_companies_domain_trgm_idx" ON "followed_companies" USING gin ("domain" gin_trgm_ops);
