import type { SignalRecord } from '@radar/contracts';
import type { CheckRecord } from '../data/checks.repository';
import type { OutgoingEvent } from '../events/event-outbox';

/** One key per check: its completion is published after the signals it delivered. */
const checkKey = (check: CheckRecord) => `check:${check.id}`;

/** Each new signal of a check, for the delivery side. */
export const deliveredEvents = (check: CheckRecord, signals: readonly SignalRecord[]): OutgoingEvent[] =>
  signals.map((signal) => ({
    subject: 'signal.delivered',
    aggregateKey: checkKey(check),
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
export const completionEvent = (check: CheckRecord): OutgoingEvent => ({
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
