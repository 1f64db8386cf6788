import { RECENT_RUNS, type MonitorView } from '@radar/contracts';
import type { MonitorSchedulerDeps } from './deps';
import { monitorNotFound } from './editor-rules';
import { toMonitorView } from './monitor-view';
import { toRunSummary } from './run-view';

/** One monitor of the workspace with its domains and last 7 runs, newest first; 404 for any other. */
export async function getMonitor(deps: Pick<MonitorSchedulerDeps, 'monitors' | 'runs'>, workspaceId: string, monitorId: string): Promise<MonitorView> {
  const monitor = await deps.monitors.find(workspaceId, monitorId);
  if (!monitor) throw monitorNotFound(monitorId);
  const recent = await deps.runs.page(monitor.id, RECENT_RUNS, 0);
  return toMonitorView(monitor, recent.items.map(toRunSummary));
}
