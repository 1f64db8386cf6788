import { z } from 'zod';
import { QUEUES, type QueueMessage, type QueueName } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { currentTraceCarrier } from '@radar/platform/telemetry';

/** The outbox of RabbitMQ jobs (table `queue_outbox`): written beside the decisions, drained by the job relay. */

const queueName = z.enum(Object.keys(QUEUES) as [QueueName, ...QueueName[]]);

const outboxJobRow = z
  .object({ id: z.string(), queue: queueName, message: z.unknown(), trace_context: z.record(z.string(), z.string()).nullable() })
  .transform((row) => ({ id: row.id, queue: row.queue, message: row.message, traceContext: row.trace_context }));

/** A job waiting in the outbox for the relay to put it on its queue; `traceContext` is the trace it was queued in. */
export type OutboxJob = z.output<typeof outboxJobRow>;

const waitRow = z.object({ wait_ms: z.number().nullable() });

/**
 * Records a job in the caller's transaction: it exists exactly when the decision to do it was
 * committed. Checked against the queue catalogue here, so a job nobody could read fails the
 * transaction instead of waiting forever.
 */
export async function enqueueJob<Q extends QueueName>(tx: Queryable, queue: Q, message: QueueMessage<Q>): Promise<void> {
  const job = jobColumns(queue, message);
  await tx.query('INSERT INTO queue_outbox (queue, message, trace_context) VALUES ($1, $2::jsonb, $3::jsonb)', [job.queue, job.message, job.traceContext]);
}

/**
 * A job's `queue_outbox` columns (JSON text), for statements that write the job beside other rows;
 * in the active trace unless the one it was decided in is given.
 */
export function jobColumns<Q extends QueueName>(
  queue: Q,
  message: QueueMessage<Q>,
  traceContext: Record<string, string> | null = currentTraceCarrier(),
): { queue: Q; message: string; traceContext: string | null } {
  return { queue, message: JSON.stringify(QUEUES[queue].parse(message)), traceContext: traceContext && JSON.stringify(traceContext) };
}

/**
 * In the caller's transaction: locks up to `limit` of the oldest jobs whose time has come,
 * skipping rows another relay holds.
 */
export async function claimDueJobs(tx: Queryable, limit: number): Promise<OutboxJob[]> {
  const { rows } = await tx.query(
    'SELECT id, queue, message, trace_context FROM queue_outbox WHERE available_at <= now() ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED',
    [limit],
  );
  return rows.map((row) => outboxJobRow.parse(row));
}

/** In the caller's transaction: removes the jobs the broker confirmed. */
export async function deleteJobs(tx: Queryable, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length > 0) await tx.query('DELETE FROM queue_outbox WHERE id = ANY($1::bigint[])', [jobIds]);
}

/** How long until the next job that is not yet due becomes due (ms); undefined when none waits. */
export async function nextJobDueInMs(db: Queryable): Promise<number | undefined> {
  const { rows } = await db.query(
    'SELECT ceil(extract(epoch FROM min(available_at) - now()) * 1000)::int AS wait_ms FROM queue_outbox WHERE available_at > now()',
  );
  const wait = rows[0] ? waitRow.parse(rows[0]).wait_ms : null;
  return wait === null ? undefined : Math.max(0, wait);
}
