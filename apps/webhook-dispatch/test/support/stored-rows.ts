import type { Pool } from 'pg';

/** webhook-dispatch's tables as the tests read them back: plain SQL, beside the service's own statements. */

type Table = 'webhooks' | 'slack_connections' | 'webhook_deliveries' | 'run_deliveries';

/** How many rows of the table match the condition (parameters `$1`, `$2`... in `values`). */
export async function countRows(pool: Pool, table: Table, where = 'true', values: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} WHERE ${where}`, values);
  return rows[0]!.count;
}

/** The one row of the table that matches, with its columns as stored; undefined when none does. */
export async function storedRow(pool: Pool, table: Table, where: string, values: unknown[]): Promise<Record<string, unknown> | undefined> {
  const { rows } = await pool.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE ${where}`, values);
  if (rows.length > 1) throw new Error(`${rows.length} rows of ${table} match ${where}`);
  return rows[0];
}

export interface StoredAttempt {
  number: number;
  started_at: Date;
  response_status: number | null;
  latency_ms: number;
  error: string | null;
}

/** A delivery's attempts, first to last. */
export async function storedAttempts(pool: Pool, deliveryId: string): Promise<StoredAttempt[]> {
  const { rows } = await pool.query<StoredAttempt>(
    'SELECT number, started_at, response_status, latency_ms, error FROM delivery_attempts WHERE delivery_id = $1 ORDER BY number',
    [deliveryId],
  );
  return rows;
}

/** Deliveries of the workspace (of every workspace when none is named): how many, and how many delivered. */
export async function deliveryCounts(pool: Pool, workspaceId?: string): Promise<{ total: number; delivered: number }> {
  const { rows } = await pool.query<{ total: number; delivered: number }>(
    "SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'delivered')::int AS delivered FROM webhook_deliveries WHERE $1::uuid IS NULL OR workspace_id = $1",
    [workspaceId ?? null],
  );
  return rows[0]!;
}
