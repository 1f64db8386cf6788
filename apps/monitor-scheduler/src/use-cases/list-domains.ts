import { isValidMonitorDomain, normalizeMonitorDomain } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { addDomains, monitorDomains, removeDomains, updateMonitor, type MonitorRecord } from '../data/monitor.repository';
import { domainAdded, domainRemoved } from '../domain/watched-domain-events';

/** A saved list's domains as a monitor watches them: normalised, valid, each once, in the list's order. */
export function monitorDomainsOf(listDomains: readonly string[]): string[] {
  return [...new Set(listDomains.map(normalizeMonitorDomain).filter(isValidMonitorDomain))];
}

/**
 * Makes a list-following monitor watch exactly the list's companies: new ones are added (in
 * the list's order), dropped ones removed, each change announced. The caller holds the
 * monitor's lock.
 */
export async function followListDomains(
  db: Queryable,
  monitor: Pick<MonitorRecord, 'id' | 'workspaceId' | 'listName'>,
  list: { name: string; domains: readonly string[] },
  at: Date,
): Promise<{ added: string[]; removed: string[] }> {
  const wanted = monitorDomainsOf(list.domains);
  const watched = await monitorDomains(db, monitor.workspaceId, monitor.id);
  const wantedSet = new Set(wanted);
  const watchedSet = new Set(watched);
  const added = await addDomains(
    db,
    monitor.workspaceId,
    monitor.id,
    wanted.filter((domain) => !watchedSet.has(domain)),
    at,
  );
  const removed = await removeDomains(
    db,
    monitor.workspaceId,
    monitor.id,
    watched.filter((domain) => !wantedSet.has(domain)),
  );
  if (added.length > 0 || removed.length > 0 || list.name !== monitor.listName) {
    await updateMonitor(db, monitor.workspaceId, monitor.id, { listName: list.name }, at);
  }
  await writeOutboxEvents(db, [
    ...added.map((domain) => domainAdded(monitor.workspaceId, monitor.id, domain)),
    ...removed.map((domain) => domainRemoved(monitor.workspaceId, monitor.id, domain)),
  ]);
  return { added, removed };
}
