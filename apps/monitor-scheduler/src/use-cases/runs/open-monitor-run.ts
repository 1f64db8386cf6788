import type { SavedListCompanies } from '../../clients/saved-lists';
import type { MonitorRecord } from '../../data/monitor.repository';
import type { RunRecord } from '../../data/run.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { ACTIVE_MONITORS_PER_WORKSPACE } from '@radar/contracts';
import { followListDomains } from '../list-domains';

type Deps = Pick<MonitorSchedulerDeps, 'monitors' | 'runs' | 'ledger' | 'savedLists' | 'logger' | 'now'>;

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
 * The monitor's run of `runDate`: the one it already has (whatever its state), or a new one
 * when the monitor is active, or paused for credits and the workspace has credits again and
 * fewer than 10 active monitors (the automatic resume). Paused by its user: no run. A
 * list-following monitor first takes the list's companies as they are now.
 */
export async function openMonitorRun(deps: Deps, candidate: MonitorRecord, runDate: string): Promise<RunRecord | undefined> {
  const existing = await deps.runs.onDay(candidate.id, runDate);
  if (existing || candidate.status === 'paused_by_user') return existing;
  if (candidate.status === 'paused_no_credits' && !(await hasCredits(deps, candidate.workspaceId))) return undefined;
  const list = await currentList(deps, candidate);

  const opened = await deps.monitors.inWorkspace(candidate.workspaceId, async (monitors) => {
    const monitor = await monitors.lock(candidate.id);
    if (!monitor) return undefined;
    const again = await monitors.runOnDay(monitor.id, runDate);
    if (again) return again;
    if (monitor.status === 'paused_by_user') return undefined;
    const at = deps.now();
    if (monitor.status === 'paused_no_credits') {
      if ((await monitors.countActive()) >= ACTIVE_MONITORS_PER_WORKSPACE) return undefined;
      await monitors.update(monitor.id, { status: 'active', lastError: null }, at);
    }
    if (list) await followListDomains(monitors, monitor, list, at);
    return (await monitors.openRun(monitor, runDate, at)).run;
  });
  return opened;
}
