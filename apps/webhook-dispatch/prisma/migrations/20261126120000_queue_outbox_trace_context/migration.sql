-- The trace context of the transaction that queued the job: the relay publishes the job in it,
-- so a delivery stays in the trace of the signal or run that caused it. Null for jobs queued
-- outside a trace, and for those queued before this column existed.
ALTER TABLE "queue_outbox" ADD COLUMN "trace_context" JSONB;
