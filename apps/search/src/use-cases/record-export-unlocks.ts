import type { EventPayload } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { deleteUnlocks, insertLockedExport, insertUnlocks, isExportLocked, lockExportUntilCommit } from '../data/workspace-unlocks.repository';
import type { SearchDeps } from './deps';

/**
 * `companies.unlocked`: the export's companies count as saved by its workspace from now on.
 * Idempotent (a redelivered event adds nothing), and ignored when the export was already locked
 * again: a refund that overtook its unlock wins.
 */
export async function recordCompaniesUnlocked(deps: Pick<SearchDeps, 'pool'>, event: EventPayload<'companies.unlocked'>): Promise<void> {
  const companyIds = [...new Set(event.companyIds.map((id) => id.toLowerCase()))];
  await inTransaction(deps.pool, async (db) => {
    await lockExportUntilCommit(db, event.exportId);
    if (await isExportLocked(db, event.workspaceId, event.exportId)) return;
    await insertUnlocks(db, event.workspaceId, event.exportId, companyIds);
  });
}

/** `companies.locked`: a failed export was refunded and its companies are locked again; those unlocked by other exports stay unlocked. */
export async function recordCompaniesLocked(deps: Pick<SearchDeps, 'pool'>, event: EventPayload<'companies.locked'>): Promise<void> {
  await inTransaction(deps.pool, async (db) => {
    await lockExportUntilCommit(db, event.exportId);
    await insertLockedExport(db, event.workspaceId, event.exportId);
    await deleteUnlocks(db, event.workspaceId, event.exportId);
  });
}
