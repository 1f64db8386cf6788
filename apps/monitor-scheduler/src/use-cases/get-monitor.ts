import { RECENT_RUNS, type MonitorView } from '@radar/contracts';
import { findMonitor } from '../data/monitor.repository';
import { runsPage } from '../data/run.repository';
import type { MonitorSchedulerDeps } from './deps';
import { monitorNotFound } from './editor-rules';
import { toMonitorView } from './monitor-view';
import { toRunSummary } from './run-view';

/** One monitor of the workspace with its domains and last 7 runs, newest first; 404 for any other. */
export async function getMonitor(deps: Pick<MonitorSchedulerDeps, 'pool'>, workspaceId: string, monitorId: string): Promise<MonitorView> {
  const monitor = await findMonitor(deps.pool, workspaceId, monitorId);
  if (!monitor) throw monitorNotFound(monitorId);
  const recent = await runsPage(deps.pool, workspaceId, monitor.id, RECENT_RUNS, 0);
  return toMonitorView(monitor, recent.items.map(toRunSummary));
}
