import { MONITOR_MAX_DOMAINS, type Caller, type MonitorView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { domainAdded, domainRemoved } from '../events/domain-events';
import type { MonitorRecord, WorkspaceMonitors } from '../data/monitor.repository';
import type { MonitorSchedulerDeps } from './deps';
import { monitorNotFound, requireEditor } from './editor-rules';
import { getMonitor } from './get-monitor';

type Deps = Pick<MonitorSchedulerDeps, 'monitors' | 'runs' | 'now'>;

/** The monitor, locked, if its companies may be edited: a list-following monitor's are the list's. */
async function editableMonitor(monitors: WorkspaceMonitors, monitorId: string): Promise<MonitorRecord> {
  const monitor = await monitors.lock(monitorId);
  if (!monitor) throw monitorNotFound(monitorId);
  if (monitor.listId) {
    throw new AppError('DOMAINS_FOLLOW_LIST', 'This monitor watches a saved list; change the list to change its companies');
  }
  return monitor;
}

/** POST /monitors/{id}/domains: one more company, first checked at the next morning run. */
export async function addMonitorDomain(deps: Deps, caller: Caller, monitorId: string, domain: string): Promise<MonitorView> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  await deps.monitors.inWorkspace(workspaceId, async (monitors) => {
    await editableMonitor(monitors, monitorId);
    if ((await monitors.domainCount(monitorId)) >= MONITOR_MAX_DOMAINS) {
      throw new AppError('VALIDATION_ERROR', `body field "domain": a monitor watches at most ${MONITOR_MAX_DOMAINS} companies`, {
        errors: [{ field: 'domain', message: `a monitor watches at most ${MONITOR_MAX_DOMAINS} companies` }],
      });
    }
    const at = deps.now();
    const added = await monitors.addDomains(monitorId, [domain], at);
    if (added.length === 0) throw new AppError('DOMAIN_ALREADY_ACTIVE', `The monitor already watches ${domain}`);
    await monitors.update(monitorId, {}, at);
    await monitors.enqueue([domainAdded(workspaceId, monitorId, domain)]);
  });
  return getMonitor(deps, workspaceId, monitorId);
}

/** DELETE /monitors/{id}/domains/{domain}: 404 when the monitor does not watch it. */
export async function removeMonitorDomain(deps: Deps, caller: Caller, monitorId: string, domain: string | undefined): Promise<void> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  await deps.monitors.inWorkspace(workspaceId, async (monitors) => {
    await editableMonitor(monitors, monitorId);
    const removed = domain === undefined ? [] : await monitors.removeDomains(monitorId, [domain]);
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'The monitor does not watch that domain');
    await monitors.update(monitorId, {}, deps.now());
    await monitors.enqueue([domainRemoved(workspaceId, monitorId, removed[0]!)]);
  });
}
