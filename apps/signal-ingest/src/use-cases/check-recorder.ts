import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { EventPayload, ProviderItem, SignalRecord } from '@radar/contracts';
import { Batcher } from '@radar/platform/batch';
import { applyJobOpeningFilters } from '../domain/job-opening-filters';
import { completionEvent, deliveredEvents } from './check-events';
import { newSignalRecord } from '../domain/signal-record';
import { isTransientFailure } from './transient-failure';
import { checksRepository, type CheckRecord } from '../data/checks.repository';
import { seenItemsRepository } from '../data/seen-items.repository';
import { signalsRepository } from '../data/signals.repository';
import type { EventOutbox, OutgoingEvent } from '../events/event-outbox';

export type CheckRequest = EventPayload<'signal.check.requested'>;

/** What asking the provider gave for one check: its items, or why there are none. */
export type CheckAnswer =
  | { request: CheckRequest; startedAt: Date; fetched: ProviderItem[] }
  | { request: CheckRequest; startedAt: Date; failure: Pick<CheckRecord, 'status' | 'errorCode'> };

/** `answered-before`: another delivery of the same check recorded it first; this one recorded nothing. */
export type RecordingOutcome = 'recorded' | 'answered-before';

export interface CheckRecorderSettings {
  /** Checks recorded in one transaction at most. */
  maxBatch: number;
  /** How long the first check of a batch waits for others to join it. */
  windowMs: number;
  /** Transactions recording batches at once. */
  concurrency: number;
}

/**
 * Large enough that a replica's concurrent checks share a transaction, small enough that one
 * transaction stays short; the window costs each check a few milliseconds and saves most of the
 * round trips and commits a check would make alone (docs/performance.md, "A day's monitor run").
 */
export const DEFAULT_CHECK_RECORDER_SETTINGS: CheckRecorderSettings = { maxBatch: 100, windowMs: 10, concurrency: 2 };

type Deps = { pool: Pool; outbox: EventOutbox; logger: Logger; now: () => Date };

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
 * Records the answers of the checks a replica works on at once in shared transactions: the
 * checks, their seen items, signals and events of a batch are written with one statement each,
 * and every check's caller waits until its batch commits, so its message is acknowledged only
 * once its outcome is durable. Each check keeps its own record, signals and events; a batch that
 * fails is recorded check by check, so one check's data holds back no other, and a check that
 * cannot be recorded at all is recorded as failed (`error_other`, `INTERNAL_ERROR`).
 */
export class CheckRecorder {
  private readonly lookups: Batcher<string, CheckRecord | null>;
  private readonly recordings: Batcher<CheckAnswer, RecordingOutcome>;

  constructor(
    private readonly deps: Deps,
    settings: CheckRecorderSettings = DEFAULT_CHECK_RECORDER_SETTINGS,
  ) {
    const batching = { maxItems: settings.maxBatch, maxWaitMs: settings.windowMs, concurrency: settings.concurrency };
    this.lookups = new Batcher({
      ...batching,
      flush: async (checkIds) => {
        const found = new Map((await checksRepository.findMany(deps.pool, checkIds)).map((check) => [check.id, check]));
        return checkIds.map((checkId) => found.get(checkId) ?? null);
      },
    });
    this.recordings = new Batcher({ ...batching, flush: (answers) => this.deps.outbox.commit((db) => this.write(db, answers)) });
  }

  /** The check as recorded by an earlier delivery, or null when it was never answered. */
  findAnswered(checkId: string): Promise<CheckRecord | null> {
    return this.lookups.add(checkId);
  }

  /** Records the check's answer; rejects with a transient failure (nothing recorded, to be tried again). */
  async record(answer: CheckAnswer): Promise<RecordingOutcome> {
    try {
      return await this.recordings.add(answer);
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      this.deps.logger.error({ err: error, checkId: answer.request.checkId }, 'recording the check failed');
      const failed: CheckAnswer = { request: answer.request, startedAt: answer.startedAt, failure: { status: 'error_other', errorCode: 'INTERNAL_ERROR' } };
      return this.deps.outbox.commit(async (db) => {
        const { result, events } = await this.write(db, [failed]);
        return { result: result[0]!, events };
      });
    }
  }

  /** Writes a batch's records; returns each answer's outcome, in order, and the events to send with them. */
  private async write(db: PoolClient, answers: readonly CheckAnswer[]): Promise<{ result: RecordingOutcome[]; events: OutgoingEvent[] }> {
    const completedAt = this.deps.now();
    // A check delivered twice within one batch is recorded by its first copy.
    const firstOfEach = new Map<string, CheckAnswer>();
    for (const answer of answers) if (!firstOfEach.has(answer.request.checkId)) firstOfEach.set(answer.request.checkId, answer);
    const claims = [...firstOfEach.values()].map((answer) => ({ answer, check: claimOf(answer, completedAt) }));
    const claimedIds = await checksRepository.insertMany(db, claims.map(({ check }) => check));
    const claimed = claims.filter(({ check }) => claimedIds.has(check.id));
    const claimedById = new Map(claimed.map(({ check }) => [check.id, check]));

    const deliverable = claimed.flatMap(({ answer, check }) =>
      'fetched' in answer ? applyJobOpeningFilters(distinctItems(answer.fetched), check.signalType, answer.request.jobOpeningFilters).map((item) => ({ answer, check, item })) : [],
    );
    const unseen = await seenItemsRepository.markDelivered(
      db,
      deliverable.map(({ check, item }) => ({ monitorId: check.monitorId, checkId: check.id, plItemId: item.id })),
    );
    const unseenKeys = new Set(unseen.map((item) => `${item.checkId}/${item.plItemId}`));
    const firedAt = this.deps.now();
    const signalsOf = new Map<string, SignalRecord[]>();
    for (const { answer, check, item } of deliverable) {
      if (!unseenKeys.has(`${check.id}/${item.id}`)) continue;
      const signals = signalsOf.get(check.id) ?? [];
      signals.push(newSignalRecord(answer.request, item, firedAt));
      signalsOf.set(check.id, signals);
    }
    await signalsRepository.insertMany(
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
    await checksRepository.setCounters(db, answered.filter((check) => check.itemsNew > 0));
    const events: OutgoingEvent[] = answered.flatMap((check) => [...deliveredEvents(check, signalsOf.get(check.id) ?? []), completionEvent(check)]);
    const result = answers.map((answer): RecordingOutcome => (claimedIds.has(answer.request.checkId) && firstOfEach.get(answer.request.checkId) === answer ? 'recorded' : 'answered-before'));
    return { result, events };
  }
}
