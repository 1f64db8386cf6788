import type { PoolClient } from 'pg';
import { inTransaction } from '@radar/platform/database';
import { lockWorkspaceUnlocks } from '../data/workspace-unlocks.repository';
import type { ExportDeps } from './deps';

/**
 * Runs `work` in one transaction holding the workspace's export lock. Everything that reads or
 * changes the workspace's unlocked companies and charges takes it (creates, failures that lock
 * companies again, the refund of stale charges), so a create sees another's unlocks whole or not
 * at all.
 */
export function inWorkspaceLock<T>(deps: Pick<ExportDeps, 'pool'>, workspaceId: string, work: (db: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(deps.pool, async (db) => {
    await lockWorkspaceUnlocks(db, workspaceId);
    return work(db);
  });
}
