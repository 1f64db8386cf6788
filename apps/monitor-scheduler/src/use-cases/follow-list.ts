import type { FollowListBody, MonitorView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { addActiveMonitor, type NewMonitorSettings } from './add-active-monitor';
import type { MonitorSchedulerDeps } from './deps';
import { toJobOpeningFilters } from './delivery-settings';
import { followListDomains } from './list-domains';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'savedLists' | 'now'>;

/**
 * Operator (`radar monitor follow-list`): an active, email-delivered monitor of a saved list.
 * Its companies are the list's, read from search now and again at each run.
 */
export async function followList(deps: Deps, body: FollowListBody): Promise<MonitorView> {
  const workspaceId = body.workspace_id;
  const list = await deps.savedLists.companies(workspaceId, body.list_id);
  if (!list) throw new AppError('NOT_FOUND', `No saved list with id ${body.list_id} in workspace ${workspaceId}`);
  const settings: NewMonitorSettings = {
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
  };
  return addActiveMonitor(deps, workspaceId, settings, (db, monitorId, at) =>
    followListDomains(db, { id: monitorId, workspaceId, listName: list.name }, list, at),
  );
}
