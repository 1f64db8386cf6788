import type { Pool } from 'pg';
import type { DeliveryStatus } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { currentTraceCarrier } from '@radar/platform/telemetry';
import { jobColumns } from './queue-outbox.repository';

/** A delivery as the log shows it. */
export interface LoggedDelivery {
  id: string;
  signalId: string;
  /** `pending` while a redelivery is queued or in flight, else the schedule's outcome. */
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface LoggedAttempt {
  number: number;
  startedAt: Date;
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
}

export interface DeliveryLogFilters {
  status?: DeliveryStatus;
  /** UTC days of creation, both inclusive (YYYY-MM-DD). */
  since?: string;
  until?: string;
}

/** A redelivery's attempt as recorded, and where it leaves its delivery. */
export interface RecordedRedelivery {
  signalId: string;
  workspaceId: string;
  status: DeliveryStatus;
  responseStatus: number | null;
  attempts: number;
}

interface LoggedRow {
  id: string;
  signal_id: string;
  status: DeliveryStatus;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
}

const LOGGED_COLUMNS = `d.id, d.signal_id,
  CASE WHEN d.redelivery_due_at IS NOT NULL THEN 'pending' ELSE d.status END AS status,
  d.attempts, d.response_status, d.last_error, LEAST(d.redelivery_due_at, d.next_attempt_at) AS next_attempt_at, d.created_at, d.delivered_at`;

/**
 * An attempt of the delivery is queued or in flight: a redelivery is, or the schedule's next
 * attempt is due (a scheduled retry still waiting out its delay is not: a redelivery may go first).
 */
const IN_PROGRESS = `(d.redelivery_due_at IS NOT NULL OR (d.status = 'pending' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= now())))`;

/** The filters as SQL over `d`, with their parameters numbered from `first`. */
function filterClause(filters: DeliveryLogFilters, first: number): { sql: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${first + values.length - 1}`));
  };
  if (filters.status) add((p) => `(CASE WHEN d.redelivery_due_at IS NOT NULL THEN 'pending' ELSE d.status END) = ${p}`, filters.status);
  if (filters.since) add((p) => `d.created_at >= (${p}::date)::timestamp AT TIME ZONE 'UTC'`, filters.since);
  if (filters.until) add((p) => `d.created_at < (${p}::date + 1)::timestamp AT TIME ZONE 'UTC'`, filters.until);
  return { sql: conditions.map((condition) => ` AND ${condition}`).join(''), values };
}

const toLogged = (row: LoggedRow): LoggedDelivery => ({
  id: row.id,
  signalId: row.signal_id,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.response_status,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

/**
 * The delivery log of a webhook as the public API reads it, and the redeliveries it queues.
 * Every statement names the workspace and the webhook; the retention purge alone spans
 * workspaces (it removes by age, whoever owns the rows).
 */
export class DeliveryLogRepository {
  constructor(private readonly pool: Pool) {}

  /** A page of the webhook's deliveries, newest first, and how many match. */
  async list(workspaceId: string, webhookId: string, filters: DeliveryLogFilters, page: { limit: number; offset: number }): Promise<{ items: LoggedDelivery[]; total: number }> {
    const where = filterClause(filters, 3);
    const base = `FROM webhook_deliveries d WHERE d.workspace_id = $1 AND d.webhook_id = $2${where.sql}`;
    const [{ rows }, counted] = await Promise.all([
      this.pool.query<LoggedRow>(
        `SELECT ${LOGGED_COLUMNS} ${base} ORDER BY d.created_at DESC, d.id DESC LIMIT $${3 + where.values.length} OFFSET $${4 + where.values.length}`,
        [workspaceId, webhookId, ...where.values, page.limit, page.offset],
      ),
      this.pool.query<{ total: number }>(`SELECT count(*)::int AS total ${base}`, [workspaceId, webhookId, ...where.values]),
    ]);
    return { items: rows.map(toLogged), total: counted.rows[0]?.total ?? 0 };
  }

  /** One delivery of the webhook with its attempts, oldest first; null when it is not the webhook's. */
  async find(workspaceId: string, webhookId: string, deliveryId: string): Promise<(LoggedDelivery & { attemptLog: LoggedAttempt[] }) | null> {
    const { rows } = await this.pool.query<LoggedRow>(
      `SELECT ${LOGGED_COLUMNS} FROM webhook_deliveries d WHERE d.workspace_id = $1 AND d.webhook_id = $2 AND d.id = $3`,
      [workspaceId, webhookId, deliveryId],
    );
    const row = rows[0];
    if (!row) return null;
    const attempts = await this.pool.query<{ number: number; started_at: Date; response_status: number | null; latency_ms: number; error: string | null }>(
      'SELECT number, started_at, response_status, latency_ms, error FROM delivery_attempts WHERE delivery_id = $1 ORDER BY number',
      [deliveryId],
    );
    return {
      ...toLogged(row),
      attemptLog: attempts.rows.map((attempt) => ({
        number: attempt.number,
        startedAt: attempt.started_at,
        responseStatus: attempt.response_status,
        latencyMs: attempt.latency_ms,
        error: attempt.error,
      })),
    };
  }

  /**
   * In the caller's transaction: queues one redelivery of the delivery now (its row marked, its
   * job written), unless an attempt of it is queued or in flight. Answers the delivery as it now
   * stands, `in_progress` when one was, or null when the webhook has no such delivery.
   */
  async queueRedelivery(tx: Queryable, workspaceId: string, webhookId: string, deliveryId: string): Promise<LoggedDelivery | 'in_progress' | null> {
    const job = jobColumns('delivery.webhook_redelivery', { deliveryId });
    const { rows } = await tx.query<LoggedRow>(
      `WITH queued AS (
         UPDATE webhook_deliveries d SET redelivery_due_at = now()
         WHERE d.workspace_id = $1 AND d.webhook_id = $2 AND d.id = $3 AND NOT ${IN_PROGRESS}
         RETURNING ${LOGGED_COLUMNS}
       ), job AS (
         INSERT INTO queue_outbox (queue, message, trace_context) SELECT $4, $5::jsonb, $6::jsonb FROM queued
       )
       SELECT * FROM queued`,
      [workspaceId, webhookId, deliveryId, job.queue, job.message, job.traceContext],
    );
    if (rows[0]) return toLogged(rows[0]);
    const exists = await tx.query('SELECT 1 FROM webhook_deliveries WHERE workspace_id = $1 AND webhook_id = $2 AND id = $3', [workspaceId, webhookId, deliveryId]);
    return exists.rowCount === 0 ? null : 'in_progress';
  }

  /**
   * In the caller's transaction: locks the webhook (replays of one webhook queue one after
   * another) and answers where its replays are paced to, or null when the workspace has no
   * such webhook.
   */
  async lockWebhookForReplay(tx: Queryable, workspaceId: string, webhookId: string): Promise<{ pacedUntil: Date | null } | null> {
    const { rows } = await tx.query<{ replay_paced_until: Date | null }>(
      'SELECT replay_paced_until FROM webhooks WHERE workspace_id = $1 AND id = $2 FOR UPDATE',
      [workspaceId, webhookId],
    );
    return rows[0] ? { pacedUntil: rows[0].replay_paced_until } : null;
  }

  /** The webhook's deliveries of these stored statuses created in the days: how many, and how many have an attempt queued or in flight. */
  async countReplayable(tx: Queryable, workspaceId: string, webhookId: string, statuses: readonly DeliveryStatus[], days: { since: string; until: string }): Promise<{ matching: number; inProgress: number }> {
    const where = filterClause(days, 4);
    const { rows } = await tx.query<{ matching: number; in_progress: number }>(
      `SELECT count(*)::int AS matching, count(*) FILTER (WHERE ${IN_PROGRESS})::int AS in_progress
       FROM webhook_deliveries d WHERE d.workspace_id = $1 AND d.webhook_id = $2 AND d.status = ANY($3::varchar[])${where.sql}`,
      [workspaceId, webhookId, statuses, ...where.values],
    );
    return { matching: rows[0]?.matching ?? 0, inProgress: rows[0]?.in_progress ?? 0 };
  }

  /**
   * In the caller's transaction: queues a redelivery of each matching delivery with no attempt
   * queued or in flight, oldest first, the n-th due at `start` + n × `spacingMs` (its job is
   * relayed then), and moves the webhook's pacing to the end. Answers how many were queued.
   */
  async queueReplay(
    tx: Queryable,
    workspaceId: string,
    webhookId: string,
    statuses: readonly DeliveryStatus[],
    days: { since: string; until: string },
    pacing: { start: Date; spacingMs: number },
  ): Promise<number> {
    const where = filterClause(days, 8);
    const trace = currentTraceCarrier();
    const { rows } = await tx.query<{ queued: number }>(
      `WITH chosen AS (
         SELECT d.id, d.created_at FROM webhook_deliveries d
         WHERE d.workspace_id = $1 AND d.webhook_id = $2 AND d.status = ANY($3::varchar[]) AND NOT ${IN_PROGRESS}${where.sql}
         FOR UPDATE
       ), placed AS (
         SELECT id, row_number() OVER (ORDER BY created_at, id) - 1 AS position FROM chosen
       ), marked AS (
         UPDATE webhook_deliveries d SET redelivery_due_at = $4::timestamptz + p.position * ($5::double precision * interval '1 millisecond')
         FROM placed p WHERE d.id = p.id
         RETURNING d.id, d.redelivery_due_at, p.position
       ), jobs AS (
         INSERT INTO queue_outbox (queue, message, trace_context, available_at)
         SELECT $6, jsonb_build_object('deliveryId', m.id), $7::jsonb, m.redelivery_due_at FROM marked m ORDER BY m.position
       )
       SELECT count(*)::int AS queued FROM marked`,
      [workspaceId, webhookId, statuses, pacing.start, pacing.spacingMs, 'delivery.webhook_redelivery', trace && JSON.stringify(trace), ...where.values],
    );
    const queued = rows[0]?.queued ?? 0;
    await tx.query('UPDATE webhooks SET replay_paced_until = $3 WHERE workspace_id = $1 AND id = $2', [
      workspaceId,
      webhookId,
      new Date(pacing.start.getTime() + queued * pacing.spacingMs),
    ]);
    return queued;
  }

  /**
   * In the caller's transaction: a redelivery's attempt and its delivery's new state (delivered
   * once any attempt got a 2xx; else pending while the schedule goes on; else failed), the last
   * answer kept as the delivery's. Null when no redelivery of it was queued (a repeated job).
   */
  async recordRedelivery(
    tx: Queryable,
    attempt: { deliveryId: string; startedAt: Date; responseStatus: number | null; latencyMs: number; error: string | null; succeeded: boolean },
  ): Promise<RecordedRedelivery | null> {
    const { rows } = await tx.query<{ signal_id: string; workspace_id: string; status: DeliveryStatus; response_status: number | null; attempts: number }>(
      `UPDATE webhook_deliveries d SET
         attempts = d.attempts + 1,
         status = CASE WHEN $2 OR d.delivered_at IS NOT NULL THEN 'delivered' WHEN d.status = 'pending' THEN 'pending' ELSE 'failed' END,
         response_status = $3,
         last_error = $4,
         delivered_at = COALESCE(d.delivered_at, CASE WHEN $2 THEN $5::timestamptz END),
         completed_at = CASE WHEN $2 OR d.status <> 'pending' THEN COALESCE(d.completed_at, now()) ELSE d.completed_at END,
         next_attempt_at = CASE WHEN $2 THEN NULL ELSE d.next_attempt_at END,
         redelivery_due_at = NULL
       WHERE d.id = $1 AND d.redelivery_due_at IS NOT NULL
       RETURNING d.signal_id, d.workspace_id, d.status, d.response_status, d.attempts`,
      [attempt.deliveryId, attempt.succeeded, attempt.responseStatus, attempt.error, attempt.startedAt],
    );
    const row = rows[0];
    if (!row) return null;
    await tx.query('INSERT INTO delivery_attempts (delivery_id, number, started_at, response_status, latency_ms, error) VALUES ($1, $2, $3, $4, $5, $6)', [
      attempt.deliveryId,
      row.attempts,
      attempt.startedAt,
      attempt.responseStatus,
      attempt.latencyMs,
      attempt.error,
    ]);
    return { signalId: row.signal_id, workspaceId: row.workspace_id, status: row.status, responseStatus: row.response_status, attempts: row.attempts };
  }

  /**
   * Removes up to `limit` of the oldest deliveries created before `cutoff`, with their attempts
   * (the foreign key cascades); answers how many. Signals are signal-ingest's and stay.
   */
  async purgeBatch(cutoff: Date, limit: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE created_at < $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
       )`,
      [cutoff, limit],
    );
    return rowCount ?? 0;
  }
}
