-- CreateTable
CREATE TABLE "monitors" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "created_by" UUID,
    "name" TEXT NOT NULL,
    "signal_types" TEXT[],
    "delivery_method" TEXT NOT NULL,
    "webhook_id" UUID,
    "job_opening_filters" JSONB NOT NULL,
    "list_id" UUID,
    "list_name" TEXT,
    "slack_connection_id" UUID,
    "slack_channel" TEXT,
    "status" TEXT NOT NULL,
    "last_run_at" TIMESTAMPTZ(3),
    "last_run_status" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitors_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "monitors_status_known" CHECK ("status" IN ('active', 'paused_by_user', 'paused_no_credits')),
    CONSTRAINT "monitors_delivery_method_known" CHECK ("delivery_method" IN ('email', 'webhook')),
    -- A webhook monitor always names its webhook; an email monitor never does.
    CONSTRAINT "monitors_webhook_matches_delivery" CHECK (("delivery_method" = 'webhook') = ("webhook_id" IS NOT NULL)),
    CONSTRAINT "monitors_signal_types_present" CHECK (cardinality("signal_types") >= 1)
);

-- CreateTable
CREATE TABLE "monitor_domains" (
    "monitor_id" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seq" BIGSERIAL NOT NULL,

    CONSTRAINT "monitor_domains_pkey" PRIMARY KEY ("monitor_id","domain")
);

-- CreateTable
CREATE TABLE "monitor_runs" (
    "id" UUID NOT NULL,
    "monitor_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "run_date" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "domains_total" INTEGER NOT NULL,
    "domains_processed" INTEGER NOT NULL DEFAULT 0,
    "domains_skipped_credits" INTEGER NOT NULL DEFAULT 0,
    "domains_failed" INTEGER NOT NULL DEFAULT 0,
    "credits_charged" INTEGER NOT NULL DEFAULT 0,
    "credits_refunded" INTEGER NOT NULL DEFAULT 0,
    "new_items_total" INTEGER NOT NULL DEFAULT 0,
    "checks_open" INTEGER NOT NULL,

    CONSTRAINT "monitor_runs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "monitor_runs_status_known" CHECK ("status" IN ('running', 'success', 'partial', 'failed')),
    CONSTRAINT "monitor_runs_checks_open_in_range" CHECK ("checks_open" BETWEEN 0 AND "domains_total"),
    -- A run ends exactly when its last check settles.
    CONSTRAINT "monitor_runs_ended_when_settled" CHECK (("status" = 'running') = ("checks_open" > 0 OR "completed_at" IS NULL))
);

-- CreateTable
CREATE TABLE "run_checks" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "domain" TEXT NOT NULL,
    "signal_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error_code" TEXT,
    "items_fetched" INTEGER NOT NULL DEFAULT 0,
    "items_new" INTEGER NOT NULL DEFAULT 0,
    "items_pushed" INTEGER NOT NULL DEFAULT 0,
    "credit_charged" BOOLEAN NOT NULL DEFAULT false,
    "credit_refunded" BOOLEAN NOT NULL DEFAULT false,
    "requested_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "run_checks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "run_checks_status_known" CHECK ("status" IN ('queued', 'requested', 'success', 'skipped_credits', 'error_pl', 'error_other')),
    -- A skipped check is never charged; a made one always is; only a charged check is refunded.
    CONSTRAINT "run_checks_skipped_not_charged" CHECK ("status" <> 'skipped_credits' OR NOT "credit_charged"),
    CONSTRAINT "run_checks_made_charged" CHECK ("status" NOT IN ('requested', 'success', 'error_pl', 'error_other') OR "credit_charged"),
    CONSTRAINT "run_checks_refund_of_charge" CHECK (NOT "credit_refunded" OR "credit_charged")
);

-- CreateTable
CREATE TABLE "scheduled_jobs" (
    "run_date" DATE NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "scheduled_jobs_pkey" PRIMARY KEY ("run_date")
);

-- CreateTable
CREATE TABLE "outbox_messages" (
    "seq" BIGSERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "msg_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "monitors_workspace_id_created_at_idx" ON "monitors"("workspace_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "monitors_status_idx" ON "monitors"("status");

-- CreateIndex
CREATE INDEX "monitor_domains_monitor_id_seq_idx" ON "monitor_domains"("monitor_id", "seq");

-- CreateIndex
CREATE INDEX "monitor_runs_monitor_id_run_date_idx" ON "monitor_runs"("monitor_id", "run_date" DESC);

-- CreateIndex
CREATE INDEX "monitor_runs_status_idx" ON "monitor_runs"("status");

-- CreateIndex
CREATE UNIQUE INDEX "monitor_runs_monitor_id_run_date_key" ON "monitor_runs"("monitor_id", "run_date");

-- CreateIndex
CREATE INDEX "run_checks_status_requested_at_idx" ON "run_checks"("status", "requested_at");

-- CreateIndex
CREATE UNIQUE INDEX "run_checks_run_id_position_key" ON "run_checks"("run_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "run_checks_run_id_domain_signal_type_key" ON "run_checks"("run_id", "domain", "signal_type");

-- AddForeignKey
ALTER TABLE "monitor_domains" ADD CONSTRAINT "monitor_domains_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "monitor_runs" ADD CONSTRAINT "monitor_runs_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_checks" ADD CONSTRAINT "run_checks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "monitor_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
