import type { MonitorView, RunSummary } from '@radar/contracts';
import type { MonitorWithDomains } from '../data/monitor.repository';

/** The Monitor record of interface.md; `recent_runs` only when given (Get). */
export function toMonitorView(monitor: MonitorWithDomains, recentRuns?: RunSummary[]): MonitorView {
  return {
    id: monitor.id,
    workspace_id: monitor.workspaceId,
    created_by: monitor.createdBy,
    name: monitor.name,
    signal_types: monitor.signalTypes,
    delivery_method: monitor.deliveryMethod,
    webhook_id: monitor.webhookId,
    job_opening_filters: monitor.jobOpeningFilters,
    list_id: monitor.listId,
    list_name: monitor.listName,
    slack_connection_id: monitor.slackConnectionId,
    slack_channel: monitor.slackChannel,
    status: monitor.status,
    last_run_at: monitor.lastRunAt?.toISOString() ?? null,
    last_run_status: monitor.lastRunStatus,
    last_error: monitor.lastError,
    domains: monitor.domains.map((entry) => ({ domain: entry.domain, added_at: entry.addedAt.toISOString() })),
    estimated_daily_cost: monitor.domains.length * monitor.signalTypes.length,
    ...(recentRuns ? { recent_runs: recentRuns } : {}),
    created_at: monitor.createdAt.toISOString(),
    updated_at: monitor.updatedAt.toISOString(),
  };
}
