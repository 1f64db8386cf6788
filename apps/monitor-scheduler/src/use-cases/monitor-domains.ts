import { MONITOR_MAX_DOMAINS, type Caller, type MonitorView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { domainAdded, domainRemoved } from '../domain/watched-domain-events';
import type { Queryable } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { addDomains, domainCount, lockMonitor, removeDomains, updateMonitor, type MonitorRecord } from '../data/monitor.repository';
import type { MonitorSchedulerDeps } from './deps';
import { monitorNotFound, requireEditor } from './editor-rules';
import { getMonitor } from './get-monitor';
import { inWorkspaceLock } from './workspace-lock';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'now'>;

/** The monitor, locked, if its companies may be edited: a list-following monitor's are the list's. */
async function editableMonitor(db: Queryable, workspaceId: string, monitorId: string): Promise<MonitorRecord> {
  const monitor = await lockMonitor(db, workspaceId, monitorId);
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
  await inWorkspaceLock(deps, workspaceId, async (db) => {
    await editableMonitor(db, workspaceId, monitorId);
    if ((await domainCount(db, workspaceId, monitorId)) >= MONITOR_MAX_DOMAINS) {
      throw new AppError('VALIDATION_ERROR', `body field "domain": a monitor watches at most ${MONITOR_MAX_DOMAINS} companies`, {
        errors: [{ field: 'domain', message: `a monitor watches at most ${MONITOR_MAX_DOMAINS} companies` }],
      });
    }
    const at = deps.now();
    const added = await addDomains(db, workspaceId, monitorId, [domain], at);
    if (added.length === 0) throw new AppError('DOMAIN_ALREADY_ACTIVE', `The monitor already watches ${domain}`);
    await updateMonitor(db, workspaceId, monitorId, {}, at);
    await writeOutboxEvents(db, [domainAdded(workspaceId, monitorId, domain)]);
  });
  return getMonitor(deps, workspaceId, monitorId);
}

/** DELETE /monitors/{id}/domains/{domain}: 404 when the monitor does not watch it. */
export async function removeMonitorDomain(deps: Deps, caller: Caller, monitorId: string, domain: string | undefined): Promise<void> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  await inWorkspaceLock(deps, workspaceId, async (db) => {
    await editableMonitor(db, workspaceId, monitorId);
    const removed = domain === undefined ? [] : await removeDomains(db, workspaceId, monitorId, [domain]);
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'The monitor does not watch that domain');
    await updateMonitor(db, workspaceId, monitorId, {}, deps.now());
    await writeOutboxEvents(db, [domainRemoved(workspaceId, monitorId, removed[0]!)]);
  });
}
