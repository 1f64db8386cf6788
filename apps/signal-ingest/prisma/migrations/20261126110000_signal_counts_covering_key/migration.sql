-- A list's day-by-day counts read a key range of signal_counts: with the count inside the key's
-- index (INCLUDE), PostgreSQL answers from the index alone instead of visiting a heap page per
-- row (the rows of one key are spread over the table by the order checks recorded them in).
ALTER TABLE "signal_counts" DROP CONSTRAINT "signal_counts_pkey";
ALTER TABLE "signal_counts" ADD CONSTRAINT "signal_counts_pkey" PRIMARY KEY ("workspace_id", "monitor_key", "type_key", "family_key", "fired_on") INCLUDE ("signals");
