import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { ACTIVE_MONITORS_PER_WORKSPACE, type MonitorView } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { AppError } from '@radar/platform/errors';
import { countActiveMonitors, insertMonitor } from '../data/monitor.repository';
import type { MonitorSchedulerDeps } from './deps';
import { getMonitor } from './get-monitor';
import { inWorkspaceLock } from './workspace-lock';

/** Everything a new monitor is given by whoever asks for it; its id, status and creation time are the service's. */
export type NewMonitorSettings = Omit<Parameters<typeof insertMonitor>[2], 'id' | 'status' | 'createdAt'>;

/** Refuses an 11th active monitor; the caller holds the workspace's monitor lock, so concurrent requests count each other. */
export async function requireActiveSlot(db: Queryable, workspaceId: string): Promise<void> {
  if ((await countActiveMonitors(db, workspaceId)) >= ACTIVE_MONITORS_PER_WORKSPACE) {
    throw new AppError('WORKSPACE_CRON_JOB_LIMIT', `A workspace may have at most ${ACTIVE_MONITORS_PER_WORKSPACE} active monitors`);
  }
}

/**
 * A new active monitor of the workspace, written under its monitor lock within the active-monitor
 * limit; `watchCompanies` gives it its companies in the same transaction. Answers it as stored.
 */
export async function addActiveMonitor(
  deps: Pick<MonitorSchedulerDeps, 'pool' | 'now'>,
  workspaceId: string,
  settings: NewMonitorSettings,
  watchCompanies: (db: PoolClient, monitorId: string, at: Date) => Promise<unknown>,
): Promise<MonitorView> {
  const id = randomUUID();
  const at = deps.now();
  await inWorkspaceLock(deps, workspaceId, async (db) => {
    await requireActiveSlot(db, workspaceId);
    await insertMonitor(db, workspaceId, { ...settings, id, status: 'active', createdAt: at });
    await watchCompanies(db, id, at);
  });
  return getMonitor(deps, workspaceId, id);
}
