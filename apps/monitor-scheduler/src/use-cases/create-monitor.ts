import { randomUUID } from 'node:crypto';
import { ACTIVE_MONITORS_PER_WORKSPACE, type Caller, type CreateMonitorBody, type MonitorView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { domainAdded } from '../domain/watched-domain-events';
import type { Queryable } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { addDomains, countActiveMonitors, insertMonitor } from '../data/monitor.repository';
import type { MonitorSchedulerDeps } from './deps';
import { resolveDelivery, resolveTeamChat, toJobOpeningFilters } from './delivery-settings';
import { requireEditor } from './editor-rules';
import { getMonitor } from './get-monitor';
import { inWorkspaceLock } from './workspace-lock';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'deliveryTargets' | 'now'>;

/** Refuses an 11th active monitor; the caller holds the workspace's monitor lock, so concurrent requests count each other. */
export async function requireActiveSlot(db: Queryable, workspaceId: string): Promise<void> {
  if ((await countActiveMonitors(db, workspaceId)) >= ACTIVE_MONITORS_PER_WORKSPACE) {
    throw new AppError('WORKSPACE_CRON_JOB_LIMIT', `A workspace may have at most ${ACTIVE_MONITORS_PER_WORKSPACE} active monitors`);
  }
}

/** POST /monitors: a new active monitor watching the given domains (deduplicated after normalisation, first occurrence's order). */
export async function createMonitor(deps: Deps, caller: Caller, body: CreateMonitorBody): Promise<MonitorView> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  const delivery = await resolveDelivery(deps, workspaceId, undefined, body);
  const teamChat = await resolveTeamChat(deps, workspaceId, body.slack_connection_id);
  const domains = [...new Set(body.domains)];
  const id = randomUUID();
  const at = deps.now();
  await inWorkspaceLock(deps, workspaceId, async (db) => {
    await requireActiveSlot(db, workspaceId);
    await insertMonitor(db, workspaceId, {
      id,
      createdBy: caller.userId,
      name: body.name,
      signalTypes: body.signal_types,
      ...delivery,
      jobOpeningFilters: toJobOpeningFilters(body.job_opening_filters),
      listId: null,
      listName: null,
      slackConnectionId: teamChat?.slackConnectionId ?? null,
      slackChannel: teamChat?.slackChannel ?? null,
      status: 'active',
      createdAt: at,
    });
    const added = await addDomains(db, workspaceId, id, domains, at);
    await writeOutboxEvents(db, added.map((domain) => domainAdded(workspaceId, id, domain)));
  });
  return getMonitor(deps, workspaceId, id);
}
