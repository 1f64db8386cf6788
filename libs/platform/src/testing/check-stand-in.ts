import type { EventPayload } from '@radar/contracts';

export type CheckRequest = EventPayload<'signal.check.requested'>;
export type CheckCompletion = EventPayload<'signal.check.completed'>;

/** What a stand-in for signal-ingest makes of a check; a success fetched two items, one of them new and pushed, unless told otherwise. */
export type CheckOutcome =
  | { status: 'success'; itemsFetched?: number; itemsNew?: number; itemsPushed?: number }
  | { status: 'error_pl' | 'error_other'; errorCode: string };

/**
 * The `signal.check.completed` that answers `request` with `outcome`, as signal-ingest would
 * publish it: for the stand-ins that answer checks in its place (monitor-scheduler's run tests,
 * the monitor-run benchmark).
 */
export function checkCompletionFor(request: CheckRequest, outcome: CheckOutcome, at: Date = new Date()): CheckCompletion {
  const success = outcome.status === 'success';
  return {
    checkId: request.checkId,
    runId: request.runId,
    workspaceId: request.workspaceId,
    monitorId: request.monitorId,
    status: outcome.status,
    errorCode: success ? null : outcome.errorCode,
    itemsFetched: success ? (outcome.itemsFetched ?? 2) : 0,
    itemsNew: success ? (outcome.itemsNew ?? 1) : 0,
    itemsPushed: success ? (outcome.itemsPushed ?? 1) : 0,
    startedAt: at.toISOString(),
    completedAt: at.toISOString(),
  };
}
