import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/** Charge attempts: the trace of a charge asked of the ledger for an export that may never be created. Statements only. */

const attemptRow = z
  .object({ export_id: z.string(), workspace_id: z.string() })
  .transform((row) => ({ exportId: row.export_id, workspaceId: row.workspace_id }));

export type ChargeAttempt = z.output<typeof attemptRow>;

export async function recordChargeAttempt(db: Queryable, workspaceId: string, exportId: string): Promise<void> {
  await db.query({
    name: 'export-charge-attempt-record',
    text: 'INSERT INTO charge_attempts (export_id, workspace_id) VALUES ($1::uuid, $2::uuid)',
    values: [exportId, workspaceId],
  });
}

/** Deletes the export's charge attempt; false when there was none. */
export async function deleteChargeAttempt(db: Queryable, workspaceId: string, exportId: string): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'export-charge-attempt-take',
    text: 'DELETE FROM charge_attempts WHERE export_id = $1::uuid AND workspace_id = $2::uuid',
    values: [exportId, workspaceId],
  });
  return rowCount === 1;
}

/** Charge attempts of every workspace recorded more than `ageMs` ago, oldest first. */
export async function chargeAttemptsOlderThan(db: Queryable, ageMs: number, limit: number): Promise<ChargeAttempt[]> {
  const { rows } = await db.query({
    name: 'export-charge-attempts-stale',
    text: `SELECT export_id, workspace_id FROM charge_attempts
           WHERE created_at < now() - $1 * interval '1 millisecond' ORDER BY created_at LIMIT $2`,
    values: [ageMs, limit],
  });
  return rows.map((row) => attemptRow.parse(row));
}
