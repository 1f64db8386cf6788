import type { Caller } from '@radar/contracts';
import { domainRemoved } from '../events/domain-events';
import type { MonitorSchedulerDeps } from './deps';
import { monitorNotFound, requireEditor } from './editor-rules';

/** DELETE /monitors/{id}: the monitor and its run history go; signals already delivered stay with signal-ingest. */
export async function deleteMonitor(deps: Pick<MonitorSchedulerDeps, 'monitors'>, caller: Caller, monitorId: string): Promise<void> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  await deps.monitors.inWorkspace(workspaceId, async (monitors) => {
    if (!(await monitors.lock(monitorId))) throw monitorNotFound(monitorId);
    const domains = await monitors.delete(monitorId);
    await monitors.enqueue(domains.map((domain) => domainRemoved(workspaceId, monitorId, domain)));
  });
}
