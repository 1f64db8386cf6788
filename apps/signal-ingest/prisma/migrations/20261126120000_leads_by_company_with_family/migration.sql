-- A company's leads in a window, counted by family (company_signals and company_families on
-- every listed lead, the watched companies' share of a summary), read from the index alone:
-- the family rides in the company index (INCLUDE), so no table page is visited per lead.
DROP INDEX "leads_domain_happened_on_found_at_id_idx";
CREATE INDEX "leads_domain_happened_on_found_at_id_idx" ON "leads"("domain", "happened_on" DESC, "found_at" DESC, "id" DESC) INCLUDE ("family");
