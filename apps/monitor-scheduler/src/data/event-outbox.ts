import { randomUUID } from 'node:crypto';
import { context, propagation } from '@opentelemetry/api';
import { EVENTS, type EventSubject } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { OUTBOX_CHANNEL, OUTBOX_TABLE, writeOutboxEvent, type OutboxEvent } from '@radar/platform/outbox';

/** An event to publish once the transaction that wrote it commits. */
export type OutboxEntry = { [S in EventSubject]: OutboxEvent<S> }[EventSubject];

/**
 * Rows of the platform's outbox table written by one statement, with one notification to the
 * relays; the same columns and checks as writeOutboxEvent, which writes a row a statement.
 */
const WRITE_MANY = `
WITH written AS (
  INSERT INTO "${OUTBOX_TABLE}" (id, subject, payload, aggregate_key, trace_context)
  SELECT id, subject, payload, aggregate_key, $5::jsonb
  FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[]) WITH ORDINALITY AS e(id, subject, payload, aggregate_key, position)
  ORDER BY position
  RETURNING id
)
SELECT pg_notify('${OUTBOX_CHANNEL}', '') WHERE EXISTS (SELECT 1 FROM written)`;

/**
 * Writes events in the caller's transaction, through the platform's transactional outbox: they
 * exist exactly when the change they announce does, and the service's OutboxRelay publishes
 * them after the commit (in the order written within an aggregate key). A run requests its
 * checks hundreds at a time, so several events go in one statement.
 */
export async function enqueueOutbox(client: Queryable, entries: readonly OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  if (entries.length === 1) {
    await writeOutboxEvent(client, entries[0]!);
    return;
  }
  const traceContext: Record<string, string> = {};
  propagation.inject(context.active(), traceContext);
  await client.query(WRITE_MANY, [
    entries.map(() => randomUUID()),
    entries.map((entry) => entry.subject),
    entries.map((entry) => JSON.stringify(EVENTS[entry.subject].parse(entry.payload))),
    entries.map((entry) => entry.aggregateKey ?? null),
    Object.keys(traceContext).length > 0 ? JSON.stringify(traceContext) : null,
  ]);
}
