-- The delivery log of the public API (GET /webhooks/{id}/deliveries), redelivery and replay.
-- next_attempt_at: the earliest time the next scheduled attempt may go out (null once the
-- schedule has ended); until then a redelivery may go before it. delivered_at: when an attempt
-- first got a 2xx (a delivery once delivered stays delivered). redelivery_due_at: a redelivery
-- (one extra attempt, from redeliver or replay) is queued for this time or in flight; null when
-- none is.
ALTER TABLE "webhook_deliveries" ADD COLUMN "next_attempt_at" TIMESTAMPTZ(3);
ALTER TABLE "webhook_deliveries" ADD COLUMN "delivered_at" TIMESTAMPTZ(3);
ALTER TABLE "webhook_deliveries" ADD COLUMN "redelivery_due_at" TIMESTAMPTZ(3);

-- Deliveries written before this migration: a pending one is being attempted now.
UPDATE "webhook_deliveries" SET "next_attempt_at" = "created_at" WHERE "status" = 'pending';
UPDATE "webhook_deliveries" SET "delivered_at" = "completed_at" WHERE "status" = 'delivered';

-- The log of one webhook, newest first.
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");
-- The retention purge takes the oldest deliveries first.
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");

-- Replays are paced per webhook: each replay's attempts are spaced from where the webhook's
-- previous replay ends, so two replays together go no faster than one.
ALTER TABLE "webhooks" ADD COLUMN "replay_paced_until" TIMESTAMPTZ(3);

-- A job is relayed to RabbitMQ once this time has come (replayed attempts are spaced in time).
ALTER TABLE "queue_outbox" ADD COLUMN "available_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
CREATE INDEX "queue_outbox_available_at_id_idx" ON "queue_outbox"("available_at", "id");
