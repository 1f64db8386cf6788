-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "signal_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "response_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_status" CHECK ("status" IN ('pending', 'delivered', 'failed')),
    CONSTRAINT "webhook_deliveries_attempts" CHECK ("attempts" >= 0)
);

-- CreateTable
CREATE TABLE "delivery_attempts" (
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "response_status" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT,

    CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("delivery_id","number")
);

-- CreateTable
CREATE TABLE "run_deliveries" (
    "run_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "monitor_id" UUID,
    "monitor_name" TEXT,
    "run_date" DATE,
    "delivery_method" VARCHAR(16),
    "slack_connection_id" UUID,
    "expected_signals" INTEGER,
    "gathered_signals" INTEGER NOT NULL DEFAULT 0,
    "completed_at" TIMESTAMPTZ(3),
    "queued_at" TIMESTAMPTZ(3),
    "email_status" VARCHAR(16),
    "email_attempts" INTEGER NOT NULL DEFAULT 0,
    "email_last_error" TEXT,
    "email_sent_at" TIMESTAMPTZ(3),
    "chat_status" VARCHAR(16),
    "chat_attempts" INTEGER NOT NULL DEFAULT 0,
    "chat_response_status" INTEGER,
    "chat_last_error" TEXT,
    "chat_posted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_deliveries_pkey" PRIMARY KEY ("run_id"),
    CONSTRAINT "run_deliveries_email_status" CHECK ("email_status" IN ('pending', 'sent', 'failed')),
    CONSTRAINT "run_deliveries_chat_status" CHECK ("chat_status" IN ('pending', 'sent', 'failed'))
);

-- CreateTable
CREATE TABLE "run_signals" (
    "run_id" UUID NOT NULL,
    "signal_id" UUID NOT NULL,
    "signal" JSONB NOT NULL,

    CONSTRAINT "run_signals_pkey" PRIMARY KEY ("run_id","signal_id")
);

-- CreateTable
CREATE TABLE "queue_outbox" (
    "id" BIGSERIAL NOT NULL,
    "queue" VARCHAR(64) NOT NULL,
    "message" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "queue_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_signal_id_key" ON "webhook_deliveries"("signal_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_workspace_id_created_at_idx" ON "webhook_deliveries"("workspace_id", "created_at");

-- AddForeignKey
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_signals" ADD CONSTRAINT "run_signals_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "run_deliveries"("run_id") ON DELETE CASCADE ON UPDATE CASCADE;
