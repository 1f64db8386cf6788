import type { SignalRecord } from '@radar/contracts';
import type { AnyOutboxEvent } from '@radar/platform/outbox';
import type { CheckRecord } from '../data/checks.repository';

/** One key per check for its completions: a check answered again is answered after its first answer. */
const checkKey = (check: CheckRecord) => `check:${check.id}`;

/**
 * Each new signal of a check, for the delivery side. No aggregate key: the delivery side needs no
 * order among a run's signals (a run's digest waits until it has gathered as many as the run
 * found), so the relay publishes them side by side instead of one acknowledgement after another.
 * Written before the check's completion, they reach the stream before it unless a publish fails
 * and is retried.
 */
export const deliveredEvents = (check: CheckRecord, signals: readonly SignalRecord[]): AnyOutboxEvent[] =>
  signals.map((signal) => ({
    subject: 'signal.delivered',
    payload: {
      workspaceId: check.workspaceId,
      runId: check.runId,
      runDate: check.runDate,
      webhookId: check.webhookId,
      slackConnectionId: check.slackConnectionId,
      signal,
    },
  }));

/** The check's outcome for the scheduler, from its record: answering the same check again says the same. */
export const completionEvent = (check: CheckRecord): AnyOutboxEvent => ({
  subject: 'signal.check.completed',
  aggregateKey: checkKey(check),
  payload: {
    checkId: check.id,
    runId: check.runId,
    workspaceId: check.workspaceId,
    monitorId: check.monitorId,
    status: check.status,
    errorCode: check.errorCode,
    itemsFetched: check.itemsFetched,
    itemsNew: check.itemsNew,
    itemsPushed: check.itemsPushed,
    startedAt: check.startedAt.toISOString(),
    completedAt: check.completedAt.toISOString(),
  },
});
