import type { Caller, CreateMonitorBody, MonitorView } from '@radar/contracts';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { addDomains } from '../data/monitor.repository';
import { domainAdded } from '../domain/watched-domain-events';
import { addActiveMonitor, type NewMonitorSettings } from './add-active-monitor';
import type { MonitorSchedulerDeps } from './deps';
import { resolveDelivery, resolveTeamChat, toJobOpeningFilters } from './delivery-settings';
import { requireEditor } from './editor-rules';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'deliveryTargets' | 'now'>;

/** POST /monitors: a new active monitor watching the given domains (deduplicated after normalisation, first occurrence's order). */
export async function createMonitor(deps: Deps, caller: Caller, body: CreateMonitorBody): Promise<MonitorView> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  const delivery = await resolveDelivery(deps, workspaceId, undefined, body);
  const teamChat = await resolveTeamChat(deps, workspaceId, body.slack_connection_id);
  const domains = [...new Set(body.domains)];
  const settings: NewMonitorSettings = {
    createdBy: caller.userId,
    name: body.name,
    signalTypes: body.signal_types,
    ...delivery,
    jobOpeningFilters: toJobOpeningFilters(body.job_opening_filters),
    listId: null,
    listName: null,
    slackConnectionId: teamChat?.slackConnectionId ?? null,
    slackChannel: teamChat?.slackChannel ?? null,
  };
  return addActiveMonitor(deps, workspaceId, settings, async (db, monitorId, at) => {
    const added = await addDomains(db, workspaceId, monitorId, domains, at);
    await writeOutboxEvents(db, added.map((domain) => domainAdded(workspaceId, monitorId, domain)));
  });
}
