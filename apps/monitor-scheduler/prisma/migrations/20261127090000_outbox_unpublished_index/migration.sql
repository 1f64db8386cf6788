-- The relay's head query asks of each unpublished row whether an earlier row of its key is still
-- unpublished. Holding only unpublished rows, this index answers that with one probe however
-- many rows the key has published, whatever the statistics of a young table lead the planner to.
CREATE INDEX "outbox_events_unpublished_key_position_idx" ON "outbox_events"("aggregate_key", "position") WHERE "published_at" IS NULL;
