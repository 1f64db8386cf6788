import { z } from 'zod';
import { deliveryStatusSchema, type DeliveryStatus } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { sealedBytes } from './sealed-column';
import { jobColumns } from './queue-outbox.repository';

/** Webhook deliveries and their attempts (tables `webhook_deliveries`, `delivery_attempts`), many rows per statement. */

export interface NewWebhookDelivery {
  id: string;
  signalId: string;
  workspaceId: string;
  webhookId: string;
  runId: string;
  body: string;
  /** The trace the delivery was decided in, for its job (see jobColumns). */
  traceContext: Record<string, string> | null;
}

export interface AttemptRecord {
  deliveryId: string;
  startedAt: Date;
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
}

/** Where a delivery stands once an attempt is recorded. */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  responseStatus: number | null;
  error: string | null;
  /** While pending: the earliest time the next scheduled attempt may go out. */
  nextAttemptAt: Date | null;
}

export interface AttemptWithOutcome {
  record: AttemptRecord;
  outcome: DeliveryOutcome;
}

const deliveryToAttemptRow = z
  .object({
    id: z.string(),
    signal_id: z.string(),
    workspace_id: z.string(),
    status: deliveryStatusSchema,
    body: z.string(),
    redelivery_queued: z.boolean(),
    webhook_id: z.string().nullable(),
    url: z.string().nullable(),
    secret_key_id: z.string().nullable(),
    secret_sealed: sealedBytes.nullable(),
  })
  .transform((row) => ({
    id: row.id,
    signalId: row.signal_id,
    workspaceId: row.workspace_id,
    status: row.status,
    body: row.body,
    /** A redelivery (redeliver, replay) is queued or in flight. */
    redeliveryQueued: row.redelivery_queued,
    webhook:
      row.webhook_id !== null && row.url !== null && row.secret_key_id !== null && row.secret_sealed !== null
        ? { id: row.webhook_id, url: row.url, secret: { keyId: row.secret_key_id, sealed: row.secret_sealed } }
        : null,
  }));

/** A delivery as an attempt needs it: its body, where it goes and how to sign it (null when the webhook is not in the workspace). */
export type DeliveryToAttempt = z.output<typeof deliveryToAttemptRow>;

const recordedAttemptRow = z.object({ id: z.string(), attempts: z.number(), changed: z.boolean() });

/** A recorded attempt's number, and whether it changed its delivery's state (false when the delivery had already ended). */
export type RecordedAttempt = Omit<z.output<typeof recordedAttemptRow>, 'id'>;

const createdRow = z.object({ id: z.string() });

/**
 * Records attempts and their deliveries' new states in one statement: each attempt gets its
 * delivery's next number whatever happened to the delivery meanwhile, and a state changes only
 * while its delivery is pending (a repeated job that finished first keeps its outcome). The rows
 * are locked in id order, so two batches that share a delivery cannot deadlock. A delivery may
 * appear once per statement (see recordAttempts).
 */
const RECORD_ATTEMPTS = `
WITH attempt AS (
  SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::integer[], $4::text[], $5::timestamptz[], $6::integer[], $7::integer[], $8::text[], $9::timestamptz[])
    AS a(delivery_id, status, outcome_response_status, outcome_error, started_at, response_status, latency_ms, error, next_attempt_at)
), before AS (
  SELECT d.id, d.status FROM webhook_deliveries d WHERE d.id IN (SELECT delivery_id FROM attempt) ORDER BY d.id FOR UPDATE
), updated AS (
  UPDATE webhook_deliveries d SET
    attempts = d.attempts + 1,
    status = CASE WHEN b.status = 'pending' THEN a.status ELSE d.status END,
    response_status = CASE WHEN b.status = 'pending' THEN a.outcome_response_status ELSE d.response_status END,
    last_error = CASE WHEN b.status = 'pending' THEN a.outcome_error ELSE d.last_error END,
    completed_at = CASE WHEN b.status = 'pending' AND a.status <> 'pending' THEN now() ELSE d.completed_at END,
    next_attempt_at = CASE WHEN b.status = 'pending' AND a.status = 'pending' THEN a.next_attempt_at END,
    delivered_at = COALESCE(d.delivered_at, CASE WHEN b.status = 'pending' AND a.status = 'delivered' THEN a.started_at END)
  FROM before b JOIN attempt a ON a.delivery_id = b.id
  WHERE d.id = b.id
  RETURNING d.id, d.attempts, b.status = 'pending' AS changed
), inserted AS (
  INSERT INTO delivery_attempts (delivery_id, number, started_at, response_status, latency_ms, error)
  SELECT u.id, u.attempts, a.started_at, a.response_status, a.latency_ms, a.error FROM updated u JOIN attempt a ON a.delivery_id = u.id
)
SELECT id, attempts, changed FROM updated`;

/**
 * Creates deliveries and their `delivery.webhook` jobs (queue outbox rows) in one statement, so
 * each delivery and its job exist together or not at all, even outside a transaction. A signal
 * that already has its delivery (a redelivered event, or the same event twice in the batch)
 * gets no second one, and no job.
 */
const INSERT_WITH_JOBS = `
WITH input AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::jsonb[], $8::jsonb[])
    WITH ORDINALITY AS i(id, signal_id, workspace_id, webhook_id, run_id, body, message, trace_context, ordinal)
), delivery AS (
  INSERT INTO webhook_deliveries (id, signal_id, workspace_id, webhook_id, run_id, body, status, next_attempt_at)
  SELECT id, signal_id, workspace_id, webhook_id, run_id, body, 'pending', now() FROM input ORDER BY ordinal
  ON CONFLICT (signal_id) DO NOTHING
  RETURNING id
), job AS (
  INSERT INTO queue_outbox (queue, message, trace_context)
  SELECT $9, i.message, i.trace_context FROM input i JOIN delivery d ON d.id = i.id ORDER BY i.ordinal
)
SELECT id FROM delivery`;

/**
 * Creates the deliveries with their jobs (INSERT_WITH_JOBS); answers, for each, whether it was
 * created (false for a signal that already had its delivery).
 */
export async function insertDeliveriesWithJobs(db: Queryable, deliveries: readonly NewWebhookDelivery[]): Promise<boolean[]> {
  if (deliveries.length === 0) return [];
  const jobs = deliveries.map((delivery) => jobColumns('delivery.webhook', { deliveryId: delivery.id }, delivery.traceContext));
  const { rows } = await db.query(INSERT_WITH_JOBS, [
    deliveries.map((delivery) => delivery.id),
    deliveries.map((delivery) => delivery.signalId),
    deliveries.map((delivery) => delivery.workspaceId),
    deliveries.map((delivery) => delivery.webhookId),
    deliveries.map((delivery) => delivery.runId),
    deliveries.map((delivery) => delivery.body),
    jobs.map((job) => job.message),
    jobs.map((job) => job.traceContext),
    'delivery.webhook',
  ]);
  const created = new Set(rows.map((row) => createdRow.parse(row).id));
  return deliveries.map((delivery) => created.has(delivery.id));
}

/**
 * The deliveries with their webhooks (of the same workspace only), in one read; a missing id has
 * no entry. Jobs name only the delivery, so this read spans workspaces; the join keeps each
 * delivery to its own workspace's webhook.
 */
export async function deliveriesToAttempt(db: Queryable, deliveryIds: readonly string[]): Promise<Map<string, DeliveryToAttempt>> {
  const { rows } = await db.query(
    `SELECT d.id, d.signal_id, d.workspace_id, d.status, d.body, d.redelivery_due_at IS NOT NULL AS redelivery_queued, w.id AS webhook_id, w.url, w.secret_key_id, w.secret_sealed
     FROM webhook_deliveries d
     LEFT JOIN webhooks w ON w.id = d.webhook_id AND w.workspace_id = d.workspace_id
     WHERE d.id = ANY($1::uuid[])`,
    [deliveryIds],
  );
  return new Map(rows.map((row) => deliveryToAttemptRow.parse(row)).map((delivery) => [delivery.id, delivery]));
}

/**
 * In the caller's transaction: each attempt's record (numbered in order) and, while its delivery
 * is pending, the delivery's new state; answers per attempt, in order, its number and whether the
 * state changed (undefined when the delivery does not exist). Attempts of one delivery are
 * recorded one statement after another.
 */
export async function recordAttempts(tx: Queryable, attempts: readonly AttemptWithOutcome[]): Promise<(RecordedAttempt | undefined)[]> {
  const results: (RecordedAttempt | undefined)[] = new Array<RecordedAttempt | undefined>(attempts.length).fill(undefined);
  // A delivery's second attempt in one batch (its job delivered twice) goes into the next statement.
  const rounds: { attempt: AttemptWithOutcome; index: number }[][] = [];
  const occurrences = new Map<string, number>();
  attempts.forEach((attempt, index) => {
    const occurrence = occurrences.get(attempt.record.deliveryId) ?? 0;
    occurrences.set(attempt.record.deliveryId, occurrence + 1);
    (rounds[occurrence] ??= []).push({ attempt, index });
  });
  for (const round of rounds) {
    const { rows } = await tx.query(RECORD_ATTEMPTS, [
      round.map(({ attempt }) => attempt.record.deliveryId),
      round.map(({ attempt }) => attempt.outcome.status),
      round.map(({ attempt }) => attempt.outcome.responseStatus),
      round.map(({ attempt }) => attempt.outcome.error),
      round.map(({ attempt }) => attempt.record.startedAt),
      round.map(({ attempt }) => attempt.record.responseStatus),
      round.map(({ attempt }) => attempt.record.latencyMs),
      round.map(({ attempt }) => attempt.record.error),
      round.map(({ attempt }) => attempt.outcome.nextAttemptAt),
    ]);
    const byDelivery = new Map(rows.map((row) => recordedAttemptRow.parse(row)).map((row) => [row.id, { attempts: row.attempts, changed: row.changed }]));
    for (const { attempt, index } of round) results[index] = byDelivery.get(attempt.record.deliveryId);
  }
  return results;
}
