import { INBOX_TABLE } from './outbox-tables';
import { execute, type TransactionConnection } from './transaction-connection';

const RECORD = `INSERT INTO "${INBOX_TABLE}" (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`;

const PRUNE = `
DELETE FROM "${INBOX_TABLE}"
WHERE (consumer, message_id) IN (
  SELECT consumer, message_id FROM "${INBOX_TABLE}" WHERE processed_at < $1 LIMIT 1000
)`;

export type RunOnceOutcome<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs a message's effects unless this consumer already processed the message: the message
 * id is recorded in the same transaction as the effects, so they commit together or not at
 * all. A redelivered message (a lost ack, a crash before it) finds its id and changes
 * nothing; two replicas handling the same message at once are serialised by the primary
 * key, and the second finds the first's id once it commits.
 *
 * `effect` must do its work on the same transaction (`connection`).
 */
export async function runOnce<T>(
  connection: TransactionConnection,
  consumer: string,
  messageId: string,
  effect: () => Promise<T>,
): Promise<RunOnceOutcome<T>> {
  const recorded = await execute(connection, RECORD, [consumer, messageId]);
  if (recorded === 0) return { ran: false };
  return { ran: true, result: await effect() };
}

/**
 * Forgets processed ids older than `before`, 1,000 rows per statement. Keep them longer than
 * the stream keeps messages (its `maxAgeMs`): a message can be redelivered for that long.
 */
export async function pruneInbox(connection: TransactionConnection, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await execute(connection, PRUNE, [before]);
    removed += batch;
    if (batch < 1000) return removed;
  }
}
