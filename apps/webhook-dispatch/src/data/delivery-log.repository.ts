import { z } from 'zod';
import { deliveryStatusSchema, type DeliveryStatus } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { currentTraceCarrier } from '@radar/platform/telemetry';
import { jobColumns } from './queue-outbox.repository';

/**
 * The delivery log of a webhook as the public API reads it, and the redeliveries it queues.
 * Every statement names the workspace and the webhook; the retention purge alone spans
 * workspaces (it removes by age, whoever owns the rows), and a redelivery's job names only its
 * delivery.
 */

const loggedRow = z
  .object({
    id: z.string(),
    signal_id: z.string(),
    status: deliveryStatusSchema,
    attempts: z.number(),
    response_status: z.number().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.date().nullable(),
    created_at: z.date(),
    delivered_at: z.date().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    signalId: row.signal_id,
    /** `pending` while a redelivery is queued or in flight, else the schedule's outcome. */
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  }));

/** A delivery as the log shows it. */
export type LoggedDelivery = z.output<typeof loggedRow>;

const loggedAttemptRow = z
  .object({ number: z.number(), started_at: z.date(), response_status: z.number().nullable(), latency_ms: z.number(), error: z.string().nullable() })
  .transform((row) => ({ number: row.number, startedAt: row.started_at, responseStatus: row.response_status, latencyMs: row.latency_ms, error: row.error }));

export type LoggedAttempt = z.output<typeof loggedAttemptRow>;

const queuedRedeliveryRow = z
  .object({ signal_id: z.string(), workspace_id: z.string(), status: deliveryStatusSchema, delivered_before: z.boolean() })
  .transform((row) => ({ signalId: row.signal_id, workspaceId: row.workspace_id, status: row.status, deliveredBefore: row.delivered_before }));

/** A delivery with a redelivery queued: what deciding the redelivery's outcome needs of it. */
export type QueuedRedelivery = z.output<typeof queuedRedeliveryRow>;

const attemptsRow = z.object({ attempts: z.number() });

/** A redelivery's attempt and the delivery's state after it, as the use case decided. */
export interface RedeliveryRecord {
  startedAt: Date;
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
  status: DeliveryStatus;
  /** When the delivery first got a 2xx, if this attempt was it. */
  deliveredAt: Date | null;
  /** The delivery has ended (its completion time is set once). */
  completes: boolean;
  /** No scheduled attempt follows (its next-attempt time is cleared). */
  endsSchedule: boolean;
}

const totalRow = z.object({ total: z.number() });
const replayableRow = z.object({ matching: z.number(), in_progress: z.number() });
const pacingRow = z.object({ replay_paced_until: z.date().nullable() });
const queuedRow = z.object({ queued: z.number() });

export interface DeliveryLogFilters {
  status?: DeliveryStatus;
  /** UTC days of creation, both inclusive (YYYY-MM-DD). */
  since?: string;
  until?: string;
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

/** A page of the webhook's deliveries, newest first, and how many match. */
export async function listDeliveries(
  db: Queryable,
  workspaceId: string,
  webhookId: string,
  filters: DeliveryLogFilters,
  page: { limit: number; offset: number },
): Promise<{ items: LoggedDelivery[]; total: number }> {
  const where = filterClause(filters, 3);
  const base = `FROM webhook_deliveries d WHERE d.workspace_id = $1 AND d.webhook_id = $2${where.sql}`;
  const [{ rows }, counted] = await Promise.all([
    db.query(`SELECT ${LOGGED_COLUMNS} ${base} ORDER BY d.created_at DESC, d.id DESC LIMIT $${3 + where.values.length} OFFSET $${4 + where.values.length}`, [
      workspaceId,
      webhookId,
      ...where.values,
      page.limit,
      page.offset,
    ]),
    db.query(`SELECT count(*)::int AS total ${base}`, [workspaceId, webhookId, ...where.values]),
  ]);
  return { items: rows.map((row) => loggedRow.parse(row)), total: counted.rows[0] ? totalRow.parse(counted.rows[0]).total : 0 };
}

/** One delivery of the webhook with its attempts, oldest first; null when it is not the webhook's. */
export async function findDelivery(
  db: Queryable,
  workspaceId: string,
  webhookId: string,
  deliveryId: string,
): Promise<(LoggedDelivery & { attemptLog: LoggedAttempt[] }) | null> {
  const { rows } = await db.query(`SELECT ${LOGGED_COLUMNS} FROM webhook_deliveries d WHERE d.workspace_id = $1 AND d.webhook_id = $2 AND d.id = $3`, [
    workspaceId,
    webhookId,
    deliveryId,
  ]);
  if (!rows[0]) return null;
  const delivery = loggedRow.parse(rows[0]);
  const attempts = await db.query('SELECT number, started_at, response_status, latency_ms, error FROM delivery_attempts WHERE delivery_id = $1 ORDER BY number', [deliveryId]);
  return { ...delivery, attemptLog: attempts.rows.map((attempt) => loggedAttemptRow.parse(attempt)) };
}

/**
 * In the caller's transaction: queues one redelivery of the delivery now (its row marked, its
 * job written), unless an attempt of it is queued or in flight. Answers the delivery as it now
 * stands, `in_progress` when one was, or null when the webhook has no such delivery.
 */
export async function queueRedelivery(tx: Queryable, workspaceId: string, webhookId: string, deliveryId: string): Promise<LoggedDelivery | 'in_progress' | null> {
  const job = jobColumns('delivery.webhook_redelivery', { deliveryId });
  const { rows } = await tx.query(
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
  if (rows[0]) return loggedRow.parse(rows[0]);
  const exists = await tx.query('SELECT 1 FROM webhook_deliveries WHERE workspace_id = $1 AND webhook_id = $2 AND id = $3', [workspaceId, webhookId, deliveryId]);
  return exists.rowCount === 0 ? null : 'in_progress';
}

/**
 * In the caller's transaction: locks the webhook (replays of one webhook queue one after
 * another) and answers where its replays are paced to, or null when the workspace has no
 * such webhook.
 */
export async function lockWebhookForReplay(tx: Queryable, workspaceId: string, webhookId: string): Promise<{ pacedUntil: Date | null } | null> {
  const { rows } = await tx.query('SELECT replay_paced_until FROM webhooks WHERE workspace_id = $1 AND id = $2 FOR UPDATE', [workspaceId, webhookId]);
  return rows[0] ? { pacedUntil: pacingRow.parse(rows[0]).replay_paced_until } : null;
}

/** The webhook's deliveries of these stored statuses created in the days: how many, and how many have an attempt queued or in flight. */
export async function countReplayable(
  tx: Queryable,
  workspaceId: string,
  webhookId: string,
  statuses: readonly DeliveryStatus[],
  days: { since: string; until: string },
): Promise<{ matching: number; inProgress: number }> {
  const where = filterClause(days, 4);
  const { rows } = await tx.query(
    `SELECT count(*)::int AS matching, count(*) FILTER (WHERE ${IN_PROGRESS})::int AS in_progress
     FROM webhook_deliveries d WHERE d.workspace_id = $1 AND d.webhook_id = $2 AND d.status = ANY($3::varchar[])${where.sql}`,
    [workspaceId, webhookId, statuses, ...where.values],
  );
  const counted = rows[0] ? replayableRow.parse(rows[0]) : { matching: 0, in_progress: 0 };
  return { matching: counted.matching, inProgress: counted.in_progress };
}

/**
 * In the caller's transaction: queues a redelivery of each matching delivery with no attempt
 * queued or in flight, oldest first, the n-th due at `start` + n × `spacingMs` (its job is
 * relayed then), and moves the webhook's pacing to the end. Answers how many were queued.
 */
export async function queueReplay(
  tx: Queryable,
  workspaceId: string,
  webhookId: string,
  statuses: readonly DeliveryStatus[],
  days: { since: string; until: string },
  pacing: { start: Date; spacingMs: number },
): Promise<number> {
  const where = filterClause(days, 8);
  const trace = currentTraceCarrier();
  const { rows } = await tx.query(
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
  const queued = rows[0] ? queuedRow.parse(rows[0]).queued : 0;
  await tx.query('UPDATE webhooks SET replay_paced_until = $3 WHERE workspace_id = $1 AND id = $2', [
    workspaceId,
    webhookId,
    new Date(pacing.start.getTime() + queued * pacing.spacingMs),
  ]);
  return queued;
}

/**
 * In the caller's transaction: the delivery, locked, when a redelivery of it is queued or in
 * flight; null otherwise (purged since, or a repeated job whose attempt is recorded). Its job
 * names only the delivery, so this lock spans workspaces.
 */
export async function lockQueuedRedelivery(tx: Queryable, deliveryId: string): Promise<QueuedRedelivery | null> {
  const { rows } = await tx.query(
    `SELECT signal_id, workspace_id, status, delivered_at IS NOT NULL AS delivered_before
     FROM webhook_deliveries WHERE id = $1 AND redelivery_due_at IS NOT NULL FOR UPDATE`,
    [deliveryId],
  );
  return rows[0] ? queuedRedeliveryRow.parse(rows[0]) : null;
}

/**
 * In the caller's transaction: a redelivery's attempt, numbered after the delivery's others, and
 * the delivery's new state as decided, its mark cleared; the answer becomes the delivery's last.
 * Answers the attempt's number.
 */
export async function recordRedelivery(tx: Queryable, deliveryId: string, attempt: RedeliveryRecord): Promise<number> {
  const { rows } = await tx.query(
    `UPDATE webhook_deliveries SET
       attempts = attempts + 1,
       status = $2,
       response_status = $3,
       last_error = $4,
       delivered_at = COALESCE(delivered_at, $5::timestamptz),
       completed_at = CASE WHEN $6 THEN COALESCE(completed_at, now()) ELSE completed_at END,
       next_attempt_at = CASE WHEN $7 THEN NULL ELSE next_attempt_at END,
       redelivery_due_at = NULL
     WHERE id = $1
     RETURNING attempts`,
    [deliveryId, attempt.status, attempt.responseStatus, attempt.error, attempt.deliveredAt, attempt.completes, attempt.endsSchedule],
  );
  const { attempts } = attemptsRow.parse(rows[0]);
  await tx.query('INSERT INTO delivery_attempts (delivery_id, number, started_at, response_status, latency_ms, error) VALUES ($1, $2, $3, $4, $5, $6)', [
    deliveryId,
    attempts,
    attempt.startedAt,
    attempt.responseStatus,
    attempt.latencyMs,
    attempt.error,
  ]);
  return attempts;
}

/**
 * Removes up to `limit` of the oldest deliveries created before `cutoff`, with their attempts
 * (the foreign key cascades); answers how many. Signals are signal-ingest's and stay.
 */
export async function purgeDeliveriesBefore(db: Queryable, cutoff: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE created_at < $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
     )`,
    [cutoff, limit],
  );
  return rowCount ?? 0;
}
