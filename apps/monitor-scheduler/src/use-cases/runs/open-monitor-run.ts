import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { ACTIVE_MONITORS_PER_WORKSPACE } from '@radar/contracts';
import type { SavedListCompanies } from '../../clients/saved-lists';
import { countActiveMonitors, domainCount, lockMonitor, noteLatestRun, updateMonitor, type MonitorRecord } from '../../data/monitor.repository';
import { insertQueuedChecks, insertRun, runOnDay, type RunRecord } from '../../data/run.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { followListDomains } from '../list-domains';
import { inWorkspaceLock } from '../workspace-lock';
import { settleRunIfDone } from './settle-run';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'ledger' | 'savedLists' | 'logger' | 'now'>;

/** A list-following monitor's companies as search has them now; undefined (keep the last known) when search cannot answer. */
async function currentList(deps: Deps, monitor: MonitorRecord): Promise<SavedListCompanies | undefined> {
  if (!monitor.listId) return undefined;
  try {
    // A list that no longer exists has no companies: the monitor then follows nothing.
    return (await deps.savedLists.companies(monitor.workspaceId, monitor.listId)) ?? { name: monitor.listName ?? '', domains: [] };
  } catch (error) {
    deps.logger.warn({ err: error, monitorId: monitor.id }, 'saved list unavailable; the run uses the companies last read');
    return undefined;
  }
}

/** Whether a monitor paused for credits may resume: the workspace has credits again. */
async function hasCredits(deps: Deps, workspaceId: string): Promise<boolean> {
  return (await deps.ledger.balance(workspaceId)) > 0;
}

/**
 * The monitor's run of the day with one queued check per domain and signal type, unless the
 * day has one already (the unique monitor and day decides, whoever else is trying). The caller
 * holds the monitor's row lock, so its domains do not change meanwhile. A monitor watching
 * nothing gets a run that ends at once.
 */
export async function openRun(db: PoolClient, monitor: MonitorRecord, runDate: string, at: Date): Promise<RunRecord> {
  const { workspaceId } = monitor;
  const runId = randomUUID();
  const checks = (await domainCount(db, workspaceId, monitor.id)) * monitor.signalTypes.length;
  if (await insertRun(db, workspaceId, { id: runId, monitorId: monitor.id, runDate, startedAt: at, checks })) {
    await insertQueuedChecks(db, workspaceId, runId, monitor.id, monitor.signalTypes);
    await noteLatestRun(db, workspaceId, { monitorId: monitor.id, runDate, startedAt: at, status: 'running' });
    await settleRunIfDone(db, workspaceId, runId, at);
  }
  const run = await runOnDay(db, workspaceId, monitor.id, runDate);
  if (!run) throw new Error(`run of ${monitor.id} on ${runDate} vanished`);
  return run;
}

/**
 * The monitor's run of `runDate`: the one it already has (whatever its state), or a new one
 * when the monitor is active, or paused for credits and the workspace has credits again and
 * fewer than 10 active monitors (the automatic resume). Paused by its user: no run. A
 * list-following monitor first takes the list's companies as they are now.
 */
export async function openMonitorRun(deps: Deps, candidate: MonitorRecord, runDate: string): Promise<RunRecord | undefined> {
  const { workspaceId } = candidate;
  const existing = await runOnDay(deps.pool, workspaceId, candidate.id, runDate);
  if (existing || candidate.status === 'paused_by_user') return existing;
  if (candidate.status === 'paused_no_credits' && !(await hasCredits(deps, workspaceId))) return undefined;
  const list = await currentList(deps, candidate);

  return inWorkspaceLock(deps, workspaceId, async (db) => {
    const monitor = await lockMonitor(db, workspaceId, candidate.id);
    if (!monitor) return undefined;
    const again = await runOnDay(db, workspaceId, monitor.id, runDate);
    if (again) return again;
    if (monitor.status === 'paused_by_user') return undefined;
    const at = deps.now();
    if (monitor.status === 'paused_no_credits') {
      if ((await countActiveMonitors(db, workspaceId)) >= ACTIVE_MONITORS_PER_WORKSPACE) return undefined;
      await updateMonitor(db, workspaceId, monitor.id, { status: 'active', lastError: null }, at);
    }
    if (list) await followListDomains(db, monitor, list, at);
    return openRun(db, monitor, runDate, at);
  });
}
