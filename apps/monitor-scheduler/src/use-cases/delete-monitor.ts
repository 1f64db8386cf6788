import type { Caller } from '@radar/contracts';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { deleteMonitor as deleteMonitorRow, lockMonitor, monitorDomains } from '../data/monitor.repository';
import { domainRemoved } from '../domain/watched-domain-events';
import type { MonitorSchedulerDeps } from './deps';
import { monitorNotFound, requireEditor } from './editor-rules';
import { inWorkspaceLock } from './workspace-lock';

/** DELETE /monitors/{id}: the monitor and its run history go; signals already delivered stay with signal-ingest. */
export async function deleteMonitor(deps: Pick<MonitorSchedulerDeps, 'pool'>, caller: Caller, monitorId: string): Promise<void> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  await inWorkspaceLock(deps, workspaceId, async (db) => {
    if (!(await lockMonitor(db, workspaceId, monitorId))) throw monitorNotFound(monitorId);
    const domains = await monitorDomains(db, workspaceId, monitorId);
    await deleteMonitorRow(db, workspaceId, monitorId);
    await writeOutboxEvents(db, domains.map((domain) => domainRemoved(workspaceId, monitorId, domain)));
  });
}
