-- CreateTable
CREATE TABLE "export_jobs" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "workspace_id" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "export_format" VARCHAR(8) NOT NULL,
    "source_type" VARCHAR(16) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "total_records" INTEGER NOT NULL,
    "processed_records" INTEGER NOT NULL DEFAULT 0,
    "file_size_bytes" BIGINT,
    "object_key" TEXT,
    "credits_charged" INTEGER NOT NULL,
    "credits_refunded" INTEGER NOT NULL DEFAULT 0,
    "charge_transaction_id" UUID,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_owner" UUID,
    "lease_expires_at" TIMESTAMPTZ(3),
    "retry_at" TIMESTAMPTZ(3),
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),

    CONSTRAINT "export_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "export_jobs_format_known" CHECK ("export_format" IN ('csv', 'json')),
    CONSTRAINT "export_jobs_source_known" CHECK ("source_type" IN ('search', 'list')),
    CONSTRAINT "export_jobs_status_known" CHECK ("status" IN ('pending', 'processing', 'completed', 'failed')),
    CONSTRAINT "export_jobs_records_in_range" CHECK ("total_records" BETWEEN 1 AND 10000 AND "processed_records" BETWEEN 0 AND "total_records"),
    -- A refund returns the charge in full or not at all.
    CONSTRAINT "export_jobs_refund_is_whole" CHECK ("credits_charged" >= 0 AND "credits_refunded" IN (0, "credits_charged")),
    -- A completed job has its file; a failed one never does.
    CONSTRAINT "export_jobs_completed_has_file" CHECK (("status" = 'completed') = ("object_key" IS NOT NULL AND "completed_at" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "export_companies" (
    "export_id" UUID NOT NULL,
    "company_ids" UUID[] NOT NULL,

    CONSTRAINT "export_companies_pkey" PRIMARY KEY ("export_id")
);

-- CreateTable
CREATE TABLE "workspace_unlocks" (
    "workspace_id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "export_id" UUID NOT NULL,
    "unlocked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspace_unlocks_pkey" PRIMARY KEY ("workspace_id","company_id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "workspace_id" UUID NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "export_id" UUID NOT NULL,
    "response_body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("workspace_id","key")
);

-- CreateTable
CREATE TABLE "charge_attempts" (
    "export_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "charge_attempts_pkey" PRIMARY KEY ("export_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "export_jobs_seq_key" ON "export_jobs"("seq");

-- CreateIndex
CREATE INDEX "export_jobs_workspace_id_seq_idx" ON "export_jobs"("workspace_id", "seq" DESC);

-- CreateIndex
CREATE INDEX "export_jobs_workspace_id_status_seq_idx" ON "export_jobs"("workspace_id", "status", "seq" DESC);

-- CreateIndex
CREATE INDEX "export_jobs_status_retry_at_idx" ON "export_jobs"("status", "retry_at");

-- CreateIndex
CREATE INDEX "workspace_unlocks_export_id_idx" ON "workspace_unlocks"("export_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- CreateIndex
CREATE INDEX "charge_attempts_created_at_idx" ON "charge_attempts"("created_at");

-- AddForeignKey
ALTER TABLE "export_companies" ADD CONSTRAINT "export_companies_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "export_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
