-- CreateTable
CREATE TABLE "checks" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "monitor_id" UUID NOT NULL,
    "domain" VARCHAR(253) NOT NULL,
    "signal_type" VARCHAR(32) NOT NULL,
    "run_date" DATE NOT NULL,
    "webhook_id" UUID,
    "slack_connection_id" UUID,
    "status" VARCHAR(16) NOT NULL,
    "error_code" VARCHAR(64),
    "items_fetched" INTEGER NOT NULL,
    "items_new" INTEGER NOT NULL,
    "items_pushed" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "checks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "checks_status_known" CHECK ("status" IN ('success', 'error_pl', 'error_other')),
    -- Fetched >= new >= pushed >= 0: a check never delivers more than it found.
    CONSTRAINT "checks_counters_ordered" CHECK ("items_fetched" >= "items_new" AND "items_new" >= "items_pushed" AND "items_pushed" >= 0)
);

-- CreateTable
CREATE TABLE "seen_items" (
    "monitor_id" UUID NOT NULL,
    "pl_item_id" TEXT NOT NULL,
    "check_id" UUID NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seen_items_pkey" PRIMARY KEY ("monitor_id","pl_item_id")
);

-- CreateTable
CREATE TABLE "signals" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "monitor_id" UUID NOT NULL,
    "monitor_name" TEXT NOT NULL,
    "run_id" UUID NOT NULL,
    "check_id" UUID NOT NULL,
    "fired_at" TIMESTAMPTZ(3) NOT NULL,
    "signal_type" VARCHAR(32) NOT NULL,
    "domain" VARCHAR(253) NOT NULL,
    "delivery_method" VARCHAR(16) NOT NULL,
    "pl_item_id" TEXT NOT NULL,
    "webhook_delivery_id" VARCHAR(255),
    "delivery_status" VARCHAR(16),
    "response_status" INTEGER,
    "content_available" BOOLEAN NOT NULL,
    "headline" TEXT NOT NULL,
    "details" TEXT[],
    "source_url" TEXT,
    "family" VARCHAR(32),
    "category" TEXT,
    "happened_on" DATE,

    CONSTRAINT "signals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "checks_monitor_id_idx" ON "checks"("monitor_id");

-- CreateIndex
CREATE INDEX "signals_workspace_id_fired_at_idx" ON "signals"("workspace_id", "fired_at" DESC);

-- CreateIndex
CREATE INDEX "signals_check_id_idx" ON "signals"("check_id");
