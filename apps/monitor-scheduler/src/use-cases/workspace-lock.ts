import type { PoolClient } from 'pg';
import { inTransaction } from '@radar/platform/database';
import { lockWorkspaceMonitors } from '../data/monitor.repository';
import type { MonitorSchedulerDeps } from './deps';

/**
 * Runs `work` in one transaction holding the workspace's monitor lock: every change that could
 * make a monitor active takes it, so the active-monitor limit holds under concurrent requests.
 */
export function inWorkspaceLock<T>(deps: Pick<MonitorSchedulerDeps, 'pool'>, workspaceId: string, work: (db: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(deps.pool, async (db) => {
    await lockWorkspaceMonitors(db, workspaceId);
    return work(db);
  });
}
