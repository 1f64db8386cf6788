-- Several exact filters at once (country, industry, size band: the "five filters" searches).
-- Each has its own B-tree, but ANDing their bitmaps costs a pass over every match of each
-- (tens of thousands of entries at a million companies) to find a few hundred companies. One
-- composite index answers any-of lists on all three columns as one scan over the value
-- combinations (B-tree array keys), and its leading column still serves country alone.
CREATE INDEX IF NOT EXISTS "companies_country_industry_size_idx" ON "companies" ("country", "industry", "employee_count");
