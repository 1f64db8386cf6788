-- CreateTable
CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL,
    "position" BIGSERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "aggregate_key" TEXT,
    "trace_context" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_position_key" ON "outbox_events"("position");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_position_idx" ON "outbox_events"("published_at", "position");

-- CreateIndex
CREATE INDEX "outbox_events_aggregate_key_position_idx" ON "outbox_events"("aggregate_key", "position");
