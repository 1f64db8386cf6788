-- Signals: the read APIs' indexes, per-day counts, and the webhook delivery's progress.

-- AlterTable
ALTER TABLE "signals" ADD COLUMN "delivery_attempts" INTEGER;

-- Newest first with a tie-breaker, for the list, the export and the windows of the summary.
DROP INDEX "signals_workspace_id_fired_at_idx";
CREATE INDEX "signals_workspace_id_fired_at_id_idx" ON "signals"("workspace_id", "fired_at" DESC, "id" DESC);
CREATE INDEX "signals_workspace_id_domain_fired_at_id_idx" ON "signals"("workspace_id", "domain", "fired_at" DESC, "id" DESC);
CREATE INDEX "signals_workspace_id_monitor_id_fired_at_id_idx" ON "signals"("workspace_id", "monitor_id", "fired_at" DESC, "id" DESC);
CREATE INDEX "signals_workspace_id_signal_type_fired_at_id_idx" ON "signals"("workspace_id", "signal_type", "fired_at" DESC, "id" DESC);
CREATE INDEX "signals_workspace_id_family_fired_at_id_idx" ON "signals"("workspace_id", "family", "fired_at" DESC, "id" DESC);

-- CreateTable
CREATE TABLE "signal_counts" (
    "workspace_id" UUID NOT NULL,
    "monitor_key" UUID NOT NULL,
    "type_key" VARCHAR(32) NOT NULL,
    "family_key" VARCHAR(32) NOT NULL,
    "fired_on" DATE NOT NULL,
    "signals" INTEGER NOT NULL,

    CONSTRAINT "signal_counts_pkey" PRIMARY KEY ("workspace_id","monitor_key","type_key","family_key","fired_on"),
    CONSTRAINT "signal_counts_positive" CHECK ("signals" > 0)
);

-- The signals recorded before this migration, counted the way insertMany counts new ones.
INSERT INTO "signal_counts" ("workspace_id", "monitor_key", "type_key", "family_key", "fired_on", "signals")
SELECT workspace_id, monitor_key, type_key, family_key, fired_on, count(*)::int
FROM (
  SELECT s.workspace_id, k.monitor_key, k.type_key, COALESCE(s.family, '') AS family_key, (s.fired_at AT TIME ZONE 'UTC')::date AS fired_on
  FROM "signals" s
  CROSS JOIN LATERAL (VALUES
    ('00000000-0000-0000-0000-000000000000'::uuid, '*'::varchar),
    (s.monitor_id, '*'::varchar),
    ('00000000-0000-0000-0000-000000000000'::uuid, s.signal_type),
    (s.monitor_id, s.signal_type)
  ) AS k(monitor_key, type_key)
) AS keyed
GROUP BY workspace_id, monitor_key, type_key, family_key, fired_on;

-- The leads feed: the followed companies, their events, and what the read APIs derive from them.

-- CreateTable
CREATE TABLE "followed_companies" (
    "domain" VARCHAR(253) NOT NULL,
    "name" TEXT NOT NULL,
    "listed_by_ingest" UUID NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "followed_companies_pkey" PRIMARY KEY ("domain")
);

-- CreateTable
CREATE TABLE "leads" (
    "id" UUID NOT NULL,
    "pl_item_id" TEXT NOT NULL,
    "domain" VARCHAR(253) NOT NULL,
    "signal_type" VARCHAR(32) NOT NULL,
    "category" TEXT,
    "family" VARCHAR(32),
    "headline" TEXT NOT NULL,
    "details" TEXT[],
    "source_url" TEXT,
    "happened_on" DATE NOT NULL,
    "found_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "leads_pl_item_id_key" ON "leads"("pl_item_id");
CREATE INDEX "leads_happened_on_found_at_id_idx" ON "leads"("happened_on" DESC, "found_at" DESC, "id" DESC);
CREATE INDEX "leads_family_happened_on_found_at_id_idx" ON "leads"("family", "happened_on" DESC, "found_at" DESC, "id" DESC);
CREATE INDEX "leads_domain_happened_on_found_at_id_idx" ON "leads"("domain", "happened_on" DESC, "found_at" DESC, "id" DESC);

-- CreateTable
CREATE TABLE "lead_company_latest" (
    "scope" VARCHAR(32) NOT NULL,
    "domain" VARCHAR(253) NOT NULL,
    "lead_id" UUID NOT NULL,
    "happened_on" DATE NOT NULL,
    "found_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lead_company_latest_pkey" PRIMARY KEY ("scope","domain")
);

-- CreateIndex
CREATE INDEX "lead_company_latest_scope_happened_on_found_at_lead_id_idx" ON "lead_company_latest"("scope", "happened_on" DESC, "found_at" DESC, "lead_id" DESC);

-- CreateTable
CREATE TABLE "lead_day_counts" (
    "happened_on" DATE NOT NULL,
    "family_key" VARCHAR(32) NOT NULL,
    "leads" INTEGER NOT NULL,
    "last_found_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lead_day_counts_pkey" PRIMARY KEY ("happened_on","family_key")
);

-- CreateTable
CREATE TABLE "lead_ingests" (
    "id" UUID NOT NULL,
    "as_of" DATE NOT NULL,
    "since" DATE NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "companies" INTEGER NOT NULL DEFAULT 0,
    "items_received" INTEGER NOT NULL DEFAULT 0,
    "leads_added" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "lead_ingests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "watched_domains" (
    "workspace_id" UUID NOT NULL,
    "domain" VARCHAR(253) NOT NULL,
    "monitor_id" UUID NOT NULL,
    "watching" BOOLEAN NOT NULL,
    "event_sequence" BIGINT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "watched_domains_pkey" PRIMARY KEY ("workspace_id","domain","monitor_id")
);
