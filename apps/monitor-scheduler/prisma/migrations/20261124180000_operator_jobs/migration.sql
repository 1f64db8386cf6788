-- The platform's operator jobs table (libs/platform/src/jobs/schema): `radar monitors run` runs as a job.
-- CreateTable
CREATE TABLE "operator_jobs" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "done" BIGINT NOT NULL DEFAULT 0,
    "total" BIGINT,
    "unit" TEXT NOT NULL,
    "phase" TEXT,
    "rate_per_second" DOUBLE PRECISION,
    "result" JSONB,
    "error_code" TEXT,
    "error_message" TEXT,
    "runner" TEXT NOT NULL,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "operator_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "operator_jobs_status_check" CHECK ("status" IN ('running', 'succeeded', 'failed'))
);

-- CreateIndex
CREATE INDEX "operator_jobs_started_at_idx" ON "operator_jobs"("started_at");

-- CreateIndex
CREATE INDEX "operator_jobs_status_heartbeat_at_idx" ON "operator_jobs"("status", "heartbeat_at");
