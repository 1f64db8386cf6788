import type { Pool } from 'pg';
import { QUEUES, type QueueMessage, type QueueName } from '@radar/contracts';
import { inTransaction, type Queryable } from '@radar/platform/database';
import { currentTraceCarrier } from '@radar/platform/telemetry';

/** A job waiting in the outbox for the relay to put it on its queue. */
export interface OutboxJob {
  id: string;
  queue: QueueName;
  message: unknown;
  /** The trace the job was queued in, to publish it in. */
  traceContext: Record<string, string> | null;
}

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

/** The outbox of RabbitMQ jobs (table `queue_outbox`), as the relay drains it. */
export class QueueOutboxRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Claims up to `limit` of the oldest jobs whose time has come (rows another relay holds are skipped), hands them to
   * `publish`, and deletes those it reports published, in the claiming transaction. Jobs it does
   * not report stay for a later round; a crash before the commit leaves all of them, to be
   * published again (handlers are idempotent).
   */
  async relay(limit: number, publish: (jobs: OutboxJob[]) => Promise<string[]>): Promise<{ claimed: number; published: number }> {
    return inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ id: string; queue: QueueName; message: unknown; trace_context: Record<string, string> | null }>(
        'SELECT id, queue, message, trace_context FROM queue_outbox WHERE available_at <= now() ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED',
        [limit],
      );
      if (rows.length === 0) return { claimed: 0, published: 0 };
      const published = await publish(rows.map((row) => ({ id: row.id, queue: row.queue, message: row.message, traceContext: row.trace_context })));
      if (published.length > 0) await tx.query('DELETE FROM queue_outbox WHERE id = ANY($1::bigint[])', [published]);
      return { claimed: rows.length, published: published.length };
    });
  }

  /** How long until the next job that is not yet due becomes due (ms); undefined when none waits. */
  async nextDueInMs(): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ wait_ms: number | null }>(
      'SELECT ceil(extract(epoch FROM min(available_at) - now()) * 1000)::int AS wait_ms FROM queue_outbox WHERE available_at > now()',
    );
    const wait = rows[0]?.wait_ms;
    return wait === null || wait === undefined ? undefined : Math.max(0, wait);
  }

  async waiting(): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM queue_outbox');
    return rows[0]?.count ?? 0;
  }
}
