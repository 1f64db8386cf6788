import type { Pool } from 'pg';
import type { DeliveryStatus } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import type { SealedValue } from '../secrets/secret-keyring';
import { jobColumns } from './queue-outbox.repository';

export interface NewWebhookDelivery {
  id: string;
  signalId: string;
  workspaceId: string;
  webhookId: string;
  runId: string;
  body: string;
}

/** A delivery as an attempt needs it: its body, where it goes and how to sign it (null when the webhook is not in the workspace). */
export interface DeliveryToAttempt {
  id: string;
  signalId: string;
  workspaceId: string;
  status: DeliveryStatus;
  body: string;
  webhook: { id: string; url: string; secret: SealedValue } | null;
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
}

interface AttemptRow {
  id: string;
  signal_id: string;
  workspace_id: string;
  status: DeliveryStatus;
  body: string;
  webhook_id: string | null;
  url: string | null;
  secret_key_id: string | null;
  secret_sealed: Uint8Array<ArrayBuffer> | null;
}

/**
 * Records an attempt and the delivery's new state in one statement: the attempt gets the next
 * number whatever happened to the delivery meanwhile, and the state changes only while the
 * delivery is pending (a repeated job that finished first keeps its outcome).
 */
const RECORD_ATTEMPT = `
WITH before AS (
  SELECT id, status FROM webhook_deliveries WHERE id = $1 FOR UPDATE
), updated AS (
  UPDATE webhook_deliveries d SET
    attempts = d.attempts + 1,
    status = CASE WHEN b.status = 'pending' THEN $2::varchar ELSE d.status END,
    response_status = CASE WHEN b.status = 'pending' THEN $3::integer ELSE d.response_status END,
    last_error = CASE WHEN b.status = 'pending' THEN $4::text ELSE d.last_error END,
    completed_at = CASE WHEN b.status = 'pending' AND $2::varchar <> 'pending' THEN now() ELSE d.completed_at END
  FROM before b WHERE d.id = b.id
  RETURNING d.attempts, b.status = 'pending' AS changed
), attempt AS (
  INSERT INTO delivery_attempts (delivery_id, number, started_at, response_status, latency_ms, error)
  SELECT $1, attempts, $5, $6, $7, $8 FROM updated
)
SELECT attempts, changed FROM updated`;

/** Webhook deliveries and their attempts (tables `webhook_deliveries`, `delivery_attempts`). */
export class WebhookDeliveryRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Creates the delivery and its `delivery.webhook` job (the queue outbox row) in one statement,
   * so both exist or neither does even outside a transaction. False when the signal already has
   * its delivery (a redelivered event): then no job is added either.
   */
  async insertWithJob(delivery: NewWebhookDelivery, db: Queryable = this.pool): Promise<boolean> {
    const job = jobColumns('delivery.webhook', { deliveryId: delivery.id });
    const { rowCount } = await db.query(
      `WITH delivery AS (
         INSERT INTO webhook_deliveries (id, signal_id, workspace_id, webhook_id, run_id, body, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending')
         ON CONFLICT (signal_id) DO NOTHING
         RETURNING id
       )
       INSERT INTO queue_outbox (queue, message, trace_context) SELECT $7, $8::jsonb, $9::jsonb FROM delivery`,
      [delivery.id, delivery.signalId, delivery.workspaceId, delivery.webhookId, delivery.runId, delivery.body, job.queue, job.message, job.traceContext],
    );
    return rowCount === 1;
  }

  /** The delivery with its webhook (of the same workspace only), in one read; undefined when there is no such delivery. */
  async findToAttempt(deliveryId: string): Promise<DeliveryToAttempt | undefined> {
    const { rows } = await this.pool.query<AttemptRow>(
      `SELECT d.id, d.signal_id, d.workspace_id, d.status, d.body, w.id AS webhook_id, w.url, w.secret_key_id, w.secret_sealed
       FROM webhook_deliveries d
       LEFT JOIN webhooks w ON w.id = d.webhook_id AND w.workspace_id = d.workspace_id
       WHERE d.id = $1`,
      [deliveryId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const webhook =
      row.webhook_id !== null && row.url !== null && row.secret_key_id !== null && row.secret_sealed !== null
        ? { id: row.webhook_id, url: row.url, secret: { keyId: row.secret_key_id, sealed: new Uint8Array(row.secret_sealed) } }
        : null;
    return { id: row.id, signalId: row.signal_id, workspaceId: row.workspace_id, status: row.status, body: row.body, webhook };
  }

  /**
   * In the caller's transaction: the attempt's record (numbered in order) and, while the delivery
   * is pending, its new state. `changed` is false when the delivery had already ended.
   */
  async recordAttempt(tx: Queryable, attempt: AttemptRecord, outcome: DeliveryOutcome): Promise<{ attempts: number; changed: boolean } | undefined> {
    const { rows } = await tx.query<{ attempts: number; changed: boolean }>(RECORD_ATTEMPT, [
      attempt.deliveryId,
      outcome.status,
      outcome.responseStatus,
      outcome.error,
      attempt.startedAt,
      attempt.responseStatus,
      attempt.latencyMs,
      attempt.error,
    ]);
    return rows[0];
  }
}
