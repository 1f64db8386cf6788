import type { MonitorsPage, MonitorStatus } from '@radar/contracts';
import { monitorsPage } from '../data/monitor.repository';
import type { MonitorSchedulerDeps } from './deps';
import { toMonitorView } from './monitor-view';

/** The workspace's monitors, newest first. */
export async function listMonitors(
  deps: Pick<MonitorSchedulerDeps, 'pool'>,
  workspaceId: string,
  query: { status?: MonitorStatus; limit: number; offset: number },
): Promise<MonitorsPage> {
  const page = await monitorsPage(deps.pool, workspaceId, query);
  return { items: page.items.map((monitor) => toMonitorView(monitor)), total: page.total };
}
