import type { EventPayload, ProviderItem } from '@radar/contracts';
import { applyJobOpeningFilters } from '../checks/job-opening-filters';
import { completionEvent, deliveredEvents } from '../checks/check-events';
import { newSignalRecord } from '../checks/signal-record';
import { isTransientFailure } from '../checks/transient-failure';
import { checksRepository, type CheckRecord } from '../data/checks.repository';
import { seenItemsRepository } from '../data/seen-items.repository';
import { signalsRepository } from '../data/signals.repository';
import { ProviderFailure } from '../provider/provider-failure';
import type { SignalIngestDeps } from './deps';

export type CheckRequest = EventPayload<'signal.check.requested'>;

type Deps = Pick<SignalIngestDeps, 'pool' | 'provider' | 'outbox' | 'logger' | 'now'>;

/** Thrown inside a check's transaction to roll it back: another delivery of the same check recorded it first. */
class AlreadyRecorded extends Error {}

type Fetched = { ok: true; items: ProviderItem[] } | { ok: false; failure: Pick<CheckRecord, 'status' | 'errorCode'> };

const baseRecord = (request: CheckRequest, startedAt: Date): Omit<CheckRecord, 'status' | 'errorCode' | 'itemsFetched' | 'itemsNew' | 'itemsPushed' | 'completedAt'> => ({
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

/**
 * One check of a monitor run (`signal.check.requested`): asks the provider for the domain's
 * items of the signal type as of the run's day, keeps those the monitor's job opening filters
 * let through and it never delivered before, records them as signals and hands them to
 * delivery, and answers `signal.check.completed` with the counters. The check record, the seen
 * items, the signals and the events are one transaction. A check that comes again (broker
 * redelivery, a scheduler asking twice) records nothing more and answers as it did the first time.
 */
export async function runCheck(deps: Deps, request: CheckRequest): Promise<void> {
  const earlier = await checksRepository.find(deps.pool, request.checkId);
  if (earlier) return answerAgain(deps, earlier);

  const startedAt = deps.now();
  const fetched = await fetchItems(deps, request);
  try {
    if (fetched.ok) await recordDelivery(deps, request, startedAt, fetched.items);
    else await recordFailure(deps, request, startedAt, fetched.failure);
  } catch (error) {
    if (error instanceof AlreadyRecorded) return answerAgainFromStore(deps, request.checkId);
    if (isTransientFailure(error)) throw error;
    deps.logger.error({ err: error, checkId: request.checkId }, 'recording the check failed');
    await recordFailure(deps, request, startedAt, { status: 'error_other', errorCode: 'INTERNAL_ERROR' }).catch((failure: unknown) => {
      if (failure instanceof AlreadyRecorded) return answerAgainFromStore(deps, request.checkId);
      throw failure;
    });
  }
}

async function fetchItems(deps: Deps, request: CheckRequest): Promise<Fetched> {
  try {
    return { ok: true, items: await deps.provider.companyItems(request.domain, request.signalType, request.runDate) };
  } catch (error) {
    if (error instanceof ProviderFailure) {
      deps.logger.warn({ checkId: request.checkId, domain: request.domain, signalType: request.signalType, code: error.code, reason: error.message }, 'provider call failed');
      return { ok: false, failure: { status: error.checkStatus, errorCode: error.code } };
    }
    deps.logger.error({ err: error, checkId: request.checkId }, 'asking the provider failed');
    return { ok: false, failure: { status: 'error_other', errorCode: 'INTERNAL_ERROR' } };
  }
}

async function recordDelivery(deps: Deps, request: CheckRequest, startedAt: Date, fetched: ProviderItem[]): Promise<void> {
  await deps.outbox.commit(async (db) => {
    const claimed: CheckRecord = {
      ...baseRecord(request, startedAt),
      status: 'success',
      errorCode: null,
      itemsFetched: fetched.length,
      itemsNew: 0,
      itemsPushed: 0,
      completedAt: startedAt,
    };
    if (!(await checksRepository.insert(db, claimed))) throw new AlreadyRecorded();
    const deliverable = applyJobOpeningFilters(distinctItems(fetched), request.signalType, request.jobOpeningFilters);
    const unseen = await seenItemsRepository.markDelivered(db, request.monitorId, request.checkId, deliverable.map((item) => item.id));
    const firedAt = deps.now();
    const signals = deliverable.filter((item) => unseen.has(item.id)).map((item) => newSignalRecord(request, item, firedAt));
    await signalsRepository.insertMany(db, { workspaceId: request.workspaceId, runId: request.runId, checkId: request.checkId }, signals);
    // Every new item is handed to delivery in this same transaction, so pushed equals new.
    const check: CheckRecord = { ...claimed, itemsNew: signals.length, itemsPushed: signals.length, completedAt: deps.now() };
    await checksRepository.setCounters(db, check.id, check);
    return { result: undefined, events: [...deliveredEvents(check, signals), completionEvent(check)] };
  });
}

async function recordFailure(deps: Deps, request: CheckRequest, startedAt: Date, failure: Pick<CheckRecord, 'status' | 'errorCode'>): Promise<void> {
  await deps.outbox.commit(async (db) => {
    const check: CheckRecord = { ...baseRecord(request, startedAt), ...failure, itemsFetched: 0, itemsNew: 0, itemsPushed: 0, completedAt: deps.now() };
    if (!(await checksRepository.insert(db, check))) throw new AlreadyRecorded();
    return { result: undefined, events: [completionEvent(check)] };
  });
}

async function answerAgainFromStore(deps: Deps, checkId: string): Promise<void> {
  const recorded = await checksRepository.find(deps.pool, checkId);
  if (!recorded) throw new Error(`Check ${checkId} was recorded by another delivery but cannot be read back`);
  await answerAgain(deps, recorded);
}

/**
 * The first answer's completion again, from the record: nothing is recorded again, and the
 * signals are not handed over twice (the outbox already guarantees the first hand-over).
 */
async function answerAgain(deps: Deps, check: CheckRecord): Promise<void> {
  deps.logger.info({ checkId: check.id, status: check.status }, 'check answered before; answering again');
  await deps.outbox.send([completionEvent(check)]);
}
