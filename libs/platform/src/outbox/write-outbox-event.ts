import { randomUUID } from 'node:crypto';
import { context, propagation } from '@opentelemetry/api';
import { EVENTS, type EventPayload, type EventSubject } from '@radar/contracts';
import { OUTBOX_CHANNEL, OUTBOX_TABLE } from './outbox-tables';
import { execute, type TransactionConnection } from './transaction-connection';

export interface OutboxEvent<S extends EventSubject> {
  subject: S;
  payload: EventPayload<S>;
  /**
   * Events with the same key are published in the order they were written, e.g. the id of
   * the record they are about. Without a key no order is kept. The order holds when writers
   * of one key are serialised by the change itself (they update the same row, and write the
   * event after that update).
   */
  aggregateKey?: string;
  /**
   * The trace the event continues (a stored carrier, see currentTraceCarrier), when it is not the
   * active one: an event written in a batch on behalf of many callers keeps its own caller's.
   */
  traceContext?: Record<string, string> | null;
}

/** An outbox event of any subject. */
export type AnyOutboxEvent = { [S in EventSubject]: OutboxEvent<S> }[EventSubject];

// One statement: the rows in the order given, and one notification that reaches the relays
// when (and only if) the transaction commits.
const WRITE = `
WITH written AS (
  INSERT INTO "${OUTBOX_TABLE}" (id, subject, payload, aggregate_key, trace_context)
  SELECT id, subject, payload, aggregate_key, trace_context
  FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::jsonb[]) WITH ORDINALITY AS e(id, subject, payload, aggregate_key, trace_context, ordinal)
  ORDER BY ordinal
  RETURNING id
)
SELECT pg_notify('${OUTBOX_CHANNEL}', '') WHERE EXISTS (SELECT 1 FROM written)`;

/**
 * Records events in the transaction of the change they report: both commit or neither does,
 * and the relay publishes them after the commit, in the order given within an aggregate key.
 * Payloads are checked against the contract here, so the transaction fails rather than store
 * an event nobody could read. Returns the row ids, which become the events' JetStream msgIDs.
 */
export async function writeOutboxEvents(connection: TransactionConnection, events: readonly AnyOutboxEvent[]): Promise<{ ids: string[] }> {
  if (events.length === 0) return { ids: [] };
  const payloads = events.map((event) => JSON.stringify(EVENTS[event.subject].parse(event.payload)));
  const active: Record<string, string> = {};
  propagation.inject(context.active(), active);
  const activeTraceContext = Object.keys(active).length > 0 ? JSON.stringify(active) : null;
  const ids = events.map(() => randomUUID());
  await execute(connection, WRITE, [
    ids,
    events.map((event) => event.subject),
    payloads,
    events.map((event) => event.aggregateKey ?? null),
    events.map((event) => (event.traceContext === undefined ? activeTraceContext : event.traceContext && JSON.stringify(event.traceContext))),
  ]);
  return { ids };
}

/** One event: writeOutboxEvents with a single row. */
export async function writeOutboxEvent<S extends EventSubject>(connection: TransactionConnection, event: OutboxEvent<S>): Promise<{ id: string }> {
  const { ids } = await writeOutboxEvents(connection, [event as AnyOutboxEvent]);
  return { id: ids[0]! };
}
