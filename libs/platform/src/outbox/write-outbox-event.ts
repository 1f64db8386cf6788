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
}

// One statement: the row, and a notification that reaches the relays when (and only if) the transaction commits.
const WRITE = `
WITH written AS (
  INSERT INTO "${OUTBOX_TABLE}" (id, subject, payload, aggregate_key, trace_context)
  VALUES ($1::uuid, $2, $3::jsonb, $4, $5::jsonb)
  RETURNING id
)
SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM written`;

/**
 * Records an event in the transaction of the change it reports: both commit or neither does,
 * and the relay publishes it after the commit. The payload is checked against the contract
 * here, so the transaction fails rather than store an event nobody could read.
 * Returns the row id, which becomes the event's JetStream msgID.
 */
export async function writeOutboxEvent<S extends EventSubject>(connection: TransactionConnection, event: OutboxEvent<S>): Promise<{ id: string }> {
  const payload = EVENTS[event.subject].parse(event.payload);
  const traceContext: Record<string, string> = {};
  propagation.inject(context.active(), traceContext);
  const id = randomUUID();
  await execute(connection, WRITE, [
    id,
    event.subject,
    JSON.stringify(payload),
    event.aggregateKey ?? null,
    Object.keys(traceContext).length > 0 ? JSON.stringify(traceContext) : null,
  ]);
  return { id };
}
