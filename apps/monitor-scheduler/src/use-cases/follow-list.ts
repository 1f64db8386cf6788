import { randomUUID } from 'node:crypto';
import type { FollowListBody, MonitorView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { MonitorSchedulerDeps } from './deps';
import { requireActiveSlot } from './create-monitor';
import { toJobOpeningFilters } from './delivery-settings';
import { getMonitor } from './get-monitor';
import { followListDomains } from './list-domains';
import { inWorkspaceLock } from './workspace-lock';
import { insertMonitor } from '../data/monitor.repository';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'savedLists' | 'now'>;

/**
 * Operator (`radar monitor follow-list`): an active, email-delivered monitor of a saved list.
 * Its companies are the list's, read from search now and again at each run.
 */
export async function followList(deps: Deps, body: FollowListBody): Promise<MonitorView> {
  const workspaceId = body.workspace_id;
  const list = await deps.savedLists.companies(workspaceId, body.list_id);
  if (!list) throw new AppError('NOT_FOUND', `No saved list with id ${body.list_id} in workspace ${workspaceId}`);
  const id = randomUUID();
  const at = deps.now();
  await inWorkspaceLock(deps, workspaceId, async (db) => {
    await requireActiveSlot(db, workspaceId);
    await insertMonitor(db, workspaceId, {
      id,
      createdBy: null,
      name: body.name,
      signalTypes: body.signal_types,
      deliveryMethod: 'email',
      webhookId: null,
      jobOpeningFilters: toJobOpeningFilters(undefined),
      listId: body.list_id.toLowerCase(),
      listName: list.name,
      slackConnectionId: null,
      slackChannel: null,
      status: 'active',
      createdAt: at,
    });
    await followListDomains(db, { id, workspaceId, listName: list.name }, list, at);
  });
  return getMonitor(deps, workspaceId, id);
}
