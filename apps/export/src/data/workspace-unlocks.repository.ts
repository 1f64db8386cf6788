import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/** The companies each workspace has paid for (free to export again): statements only. */

const companyIdRow = z.object({ company_id: z.string() });

/**
 * A transaction-scoped advisory lock on the workspace's unlocks and charges, released at commit,
 * at rollback, and when a crash ends the session. The key is shared by every replica: do not
 * change it while replicas of two versions run.
 */
export async function lockWorkspaceUnlocks(db: Queryable, workspaceId: string): Promise<void> {
  await db.query({ name: 'export-lock-workspace', text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', values: [`export-workspace:${workspaceId}`] });
}

/** Which of `companyIds` the workspace has unlocked. */
export async function unlockedAmong(db: Queryable, workspaceId: string, companyIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query({
    name: 'export-unlocked-among',
    text: 'SELECT company_id::text FROM workspace_unlocks WHERE workspace_id = $1::uuid AND company_id = ANY($2::uuid[])',
    values: [workspaceId, companyIds],
  });
  return new Set(rows.map((row) => companyIdRow.parse(row).company_id));
}

export async function unlockCompanies(db: Queryable, workspaceId: string, exportId: string, companyIds: readonly string[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db.query({
    name: 'export-unlock',
    text: `INSERT INTO workspace_unlocks (workspace_id, company_id, export_id)
           SELECT $1::uuid, company_id, $2::uuid FROM unnest($3::uuid[]) AS company_id`,
    values: [workspaceId, exportId, companyIds],
  });
}

/** Deletes the unlocks the export paid for; returns their companies. */
export async function deleteUnlocksOfExport(db: Queryable, workspaceId: string, exportId: string): Promise<string[]> {
  const { rows } = await db.query({
    name: 'export-unlocks-undo',
    text: 'DELETE FROM workspace_unlocks WHERE workspace_id = $1::uuid AND export_id = $2::uuid RETURNING company_id::text',
    values: [workspaceId, exportId],
  });
  return rows.map((row) => companyIdRow.parse(row).company_id);
}
