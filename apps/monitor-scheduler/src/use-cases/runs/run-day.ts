import { monitorsInRunOrder, type MonitorRecord } from '../../data/monitor.repository';
import type { RunRecord } from '../../data/run.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { dispatchRun } from './dispatch-run';
import { openMonitorRun } from './open-monitor-run';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'ledger' | 'savedLists' | 'settings' | 'logger' | 'now'>;

/** Runs `work` over `items` with at most `limit` at a time; every item is attempted, and the first failure is rethrown at the end. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}

/** Groups in first-seen order, keeping each group's order. */
export function byWorkspace<T extends { workspaceId: string }>(items: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.workspaceId) ?? [];
    group.push(item);
    groups.set(item.workspaceId, group);
  }
  return [...groups.values()];
}

/**
 * The daily job for one UTC day: every monitor (or just `monitorId`), oldest first, gets its
 * run of the day opened and its checks charged and requested. One workspace's monitors go one
 * after another (they share a balance, and the order decides which checks are skipped when it
 * runs out); several workspaces go at once. A monitor that already has a run that day keeps it
 * (an unfinished one is carried on) and is charged nothing more. Answers the runs, in monitor
 * order; the checks then complete as signal-ingest answers.
 */
export async function runDay(deps: Deps, runDate: string, signal: AbortSignal, monitorId?: string): Promise<RunRecord[]> {
  const monitors = await monitorsInRunOrder(deps.pool, monitorId);
  const runs = new Map<string, RunRecord>();
  await forEachLimited(byWorkspace(monitors), deps.settings.workspaceConcurrency, async (workspaceMonitors: MonitorRecord[]) => {
    for (const monitor of workspaceMonitors) {
      signal.throwIfAborted();
      const run = await openMonitorRun(deps, monitor, runDate);
      if (!run) continue;
      runs.set(monitor.id, run);
      if (run.status === 'running') await dispatchRun(deps, run, signal);
    }
  });
  return monitors.flatMap((monitor) => {
    const run = runs.get(monitor.id);
    return run ? [run] : [];
  });
}
