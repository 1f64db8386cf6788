import type { Queryable } from '@radar/platform/database';

/** The companies each workspace's exports unlocked, and the exports locked again: statements only, every one naming the workspace. */

/**
 * Holds the export's transaction-scoped advisory lock until the caller's transaction ends, so
 * the unlock and the lock of one export never interleave.
 */
export async function lockExportUntilCommit(db: Queryable, exportId: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [exportId]);
}

export async function isExportLocked(db: Queryable, workspaceId: string, exportId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM locked_exports WHERE export_id = $1 AND workspace_id = $2', [exportId, workspaceId]);
  return (rowCount ?? 0) > 0;
}

/** Records the companies as unlocked by the export; those already recorded for it are kept once. */
export async function insertUnlocks(db: Queryable, workspaceId: string, exportId: string, companyIds: readonly string[]): Promise<void> {
  await db.query(
    `INSERT INTO workspace_unlocks (workspace_id, company_id, export_id)
     SELECT $1::uuid, company.id, $2::uuid FROM unnest($3::uuid[]) AS company(id)
     ON CONFLICT DO NOTHING`,
    [workspaceId, exportId, [...companyIds]],
  );
}

/** Marks the export as locked again; marking it twice changes nothing. */
export async function insertLockedExport(db: Queryable, workspaceId: string, exportId: string): Promise<void> {
  await db.query('INSERT INTO locked_exports (export_id, workspace_id) VALUES ($1, $2) ON CONFLICT (export_id) DO NOTHING', [exportId, workspaceId]);
}

export async function deleteUnlocks(db: Queryable, workspaceId: string, exportId: string): Promise<void> {
  await db.query('DELETE FROM workspace_unlocks WHERE workspace_id = $1 AND export_id = $2', [workspaceId, exportId]);
}
