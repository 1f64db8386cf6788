import type { PoolClient } from 'pg';
import type { EventPayload, ProviderItem, SignalRecord } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { insertAnsweredChecks, setCheckCounters, type CheckRecord } from '../data/checks.repository';
import { markItemsDelivered } from '../data/seen-items.repository';
import { insertSignals } from '../data/signals.repository';
import { applyJobOpeningFilters } from '../domain/job-opening-filters';
import { newSignalRecord } from '../domain/signal-record';
import { completionEvent, deliveredEvents } from './check-events';
import type { SignalIngestDeps } from './deps';

export type CheckRequest = EventPayload<'signal.check.requested'>;

/** What asking the provider gave for one check: its items, or why there are none. */
export type CheckAnswer =
  | { request: CheckRequest; startedAt: Date; fetched: ProviderItem[] }
  | { request: CheckRequest; startedAt: Date; failure: Pick<CheckRecord, 'status' | 'errorCode'> };

/** `answered-before`: another delivery of the same check recorded it first; this one recorded nothing. */
export type RecordingOutcome = 'recorded' | 'answered-before';

const baseRecord = ({ request, startedAt }: CheckAnswer): Omit<CheckRecord, 'status' | 'errorCode' | 'itemsFetched' | 'itemsNew' | 'itemsPushed' | 'completedAt'> => ({
  id: request.checkId,
  runId: request.runId,
  workspaceId: request.workspaceId,
  monitorId: request.monitorId,
  domain: request.domain,
  signalType: request.signalType,
  runDate: request.runDate,
  webhookId: request.webhookId,
  slackConnectionId: request.slackConnectionId,
  startedAt,
});

/** The provider's items once per id (a provider that repeats an item does not make it count twice). */
const distinctItems = (items: readonly ProviderItem[]): ProviderItem[] => [...new Map(items.map((item) => [item.id, item])).values()];

const claimOf = (answer: CheckAnswer, completedAt: Date): CheckRecord =>
  'fetched' in answer
    ? { ...baseRecord(answer), status: 'success', errorCode: null, itemsFetched: answer.fetched.length, itemsNew: 0, itemsPushed: 0, completedAt }
    : { ...baseRecord(answer), ...answer.failure, itemsFetched: 0, itemsNew: 0, itemsPushed: 0, completedAt };

/**
 * Records the answers of checks in one transaction: each check's record, the items its monitor
 * had not delivered before (seen items) as signals, and its events (the signals for delivery,
 * then the check's completion), written with one statement each for the whole batch. A check
 * recorded before, by an earlier transaction or by an earlier copy in this batch, records nothing
 * more. Answers each answer's outcome, in order.
 */
export function recordCheckAnswers(deps: Pick<SignalIngestDeps, 'pool' | 'now'>, answers: readonly CheckAnswer[]): Promise<RecordingOutcome[]> {
  return inTransaction(deps.pool, (db) => writeCheckAnswers(db, deps.now, answers));
}

async function writeCheckAnswers(db: PoolClient, now: () => Date, answers: readonly CheckAnswer[]): Promise<RecordingOutcome[]> {
  const completedAt = now();
  // A check delivered twice within one batch is recorded by its first copy.
  const firstOfEach = new Map<string, CheckAnswer>();
  for (const answer of answers) if (!firstOfEach.has(answer.request.checkId)) firstOfEach.set(answer.request.checkId, answer);
  const claims = [...firstOfEach.values()].map((answer) => ({ answer, check: claimOf(answer, completedAt) }));
  const claimedIds = await insertAnsweredChecks(db, claims.map(({ check }) => check));
  const claimed = claims.filter(({ check }) => claimedIds.has(check.id));
  const claimedById = new Map(claimed.map(({ check }) => [check.id, check]));

  const deliverable = claimed.flatMap(({ answer, check }) =>
    'fetched' in answer ? applyJobOpeningFilters(distinctItems(answer.fetched), check.signalType, answer.request.jobOpeningFilters).map((item) => ({ answer, check, item })) : [],
  );
  const unseen = await markItemsDelivered(
    db,
    deliverable.map(({ check, item }) => ({ monitorId: check.monitorId, checkId: check.id, plItemId: item.id })),
  );
  const unseenKeys = new Set(unseen.map((item) => `${item.checkId}/${item.plItemId}`));
  const firedAt = now();
  const signalsOf = new Map<string, SignalRecord[]>();
  for (const { answer, check, item } of deliverable) {
    if (!unseenKeys.has(`${check.id}/${item.id}`)) continue;
    const signals = signalsOf.get(check.id) ?? [];
    signals.push(newSignalRecord(answer.request, item, firedAt));
    signalsOf.set(check.id, signals);
  }
  await insertSignals(
    db,
    [...signalsOf].map(([checkId, signals]) => {
      const check = claimedById.get(checkId)!;
      return { origin: { workspaceId: check.workspaceId, runId: check.runId, checkId }, signals };
    }),
  );

  // Every new item is handed to delivery in this same transaction, so pushed equals new.
  const answered = claimed.map(({ check }) => {
    const delivered = signalsOf.get(check.id)?.length ?? 0;
    return { ...check, itemsNew: delivered, itemsPushed: delivered };
  });
  await setCheckCounters(db, answered.filter((check) => check.itemsNew > 0));
  await writeOutboxEvents(db, answered.flatMap((check) => [...deliveredEvents(check, signalsOf.get(check.id) ?? []), completionEvent(check)]));
  return answers.map((answer): RecordingOutcome => (claimedIds.has(answer.request.checkId) && firstOfEach.get(answer.request.checkId) === answer ? 'recorded' : 'answered-before'));
}
