import { AppError } from '@radar/platform/errors';
import type { Caller, MonitorView, UpdateMonitorBody } from '@radar/contracts';
import { findMonitor, lockMonitor, updateMonitor as updateMonitorRow, type MonitorChanges } from '../data/monitor.repository';
import type { MonitorSchedulerDeps } from './deps';
import { requireActiveSlot } from './add-active-monitor';
import { resolveDelivery, resolveTeamChat, toJobOpeningFilters } from './delivery-settings';
import { monitorNotFound, requireEditor } from './editor-rules';
import { getMonitor } from './get-monitor';
import { inWorkspaceLock } from './workspace-lock';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'deliveryTargets' | 'now'>;

/**
 * PATCH /monitors/{id}: only the fields sent change. `signal_types` is replaced whole,
 * `job_opening_filters` too (`{}` clears), `slack_connection_id: null` stops team-chat posts.
 * Resuming counts against the 10-active limit; a monitor paused for credits resumes only by
 * itself, at the next run after a top-up (STATUS_TRANSITION_FORBIDDEN).
 */
export async function updateMonitor(deps: Deps, caller: Caller, monitorId: string, body: UpdateMonitorBody): Promise<MonitorView> {
  requireEditor(caller);
  const workspaceId = caller.workspaceId;
  const current = await findMonitor(deps.pool, workspaceId, monitorId);
  if (!current) throw monitorNotFound(monitorId);

  const changes: MonitorChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.signal_types !== undefined) changes.signalTypes = body.signal_types;
  if (body.job_opening_filters !== undefined) changes.jobOpeningFilters = toJobOpeningFilters(body.job_opening_filters);
  if (body.delivery_method !== undefined || body.webhook_id !== undefined) {
    Object.assign(changes, await resolveDelivery(deps, workspaceId, current, body));
  }
  const teamChat = await resolveTeamChat(deps, workspaceId, body.slack_connection_id);
  if (teamChat) Object.assign(changes, teamChat);

  await inWorkspaceLock(deps, workspaceId, async (db) => {
    const locked = await lockMonitor(db, workspaceId, monitorId);
    if (!locked) throw monitorNotFound(monitorId);
    if (body.status === 'active' && locked.status !== 'active') {
      if (locked.status === 'paused_no_credits') {
        throw new AppError(
          'STATUS_TRANSITION_FORBIDDEN',
          'A monitor paused for lack of credits resumes by itself at the next daily run after credits are added',
        );
      }
      await requireActiveSlot(db, workspaceId);
      changes.status = 'active';
    }
    if (body.status === 'paused_by_user' && locked.status !== 'paused_by_user') changes.status = 'paused_by_user';
    if (changes.status) changes.lastError = null;
    await updateMonitorRow(db, workspaceId, monitorId, changes, deps.now());
  });
  return getMonitor(deps, workspaceId, monitorId);
}
