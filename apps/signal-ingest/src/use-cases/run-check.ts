import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { ProviderFailure } from '../clients/provider-failure';
import type { CheckRecord } from '../data/checks.repository';
import { checkStatusOfProviderFailure } from '../domain/provider-failure-status';
import { completionEvent } from './check-events';
import type { SignalIngestDeps } from './deps';
import type { CheckAnswer, CheckRequest } from './record-check-answers';

export type { CheckRequest } from './record-check-answers';

type Deps = Pick<SignalIngestDeps, 'pool' | 'provider' | 'checks' | 'logger' | 'now'>;

/**
 * One check of a monitor run (`signal.check.requested`): asks the provider for the domain's
 * items of the signal type as of the run's day, keeps those the monitor's job opening filters
 * let through and it never delivered before, records them as signals and hands them to
 * delivery, and answers `signal.check.completed` with the counters. The check record, the seen
 * items, the signals and the events commit together (recordCheckAnswers, with the other checks
 * of its batch). A check that comes again (broker redelivery, a scheduler asking twice) records
 * nothing more and answers as it did the first time.
 */
export async function runCheck(deps: Deps, request: CheckRequest): Promise<void> {
  const earlier = await deps.checks.findAnswered(request.checkId);
  if (earlier) return answerAgain(deps, earlier);

  const answer = await askProvider(deps, request);
  if ((await deps.checks.record(answer)) === 'answered-before') {
    const recorded = await deps.checks.findAnswered(request.checkId);
    if (!recorded) throw new Error(`Check ${request.checkId} was recorded by another delivery but cannot be read back`);
    await answerAgain(deps, recorded);
  }
}

async function askProvider(deps: Deps, request: CheckRequest): Promise<CheckAnswer> {
  const startedAt = deps.now();
  try {
    return { request, startedAt, fetched: await deps.provider.companyItems(request.domain, request.signalType, request.runDate) };
  } catch (error) {
    if (error instanceof ProviderFailure) {
      deps.logger.warn({ checkId: request.checkId, domain: request.domain, signalType: request.signalType, code: error.code, reason: error.message }, 'provider call failed');
      return { request, startedAt, failure: { status: checkStatusOfProviderFailure(error.code), errorCode: error.code } };
    }
    deps.logger.error({ err: error, checkId: request.checkId }, 'asking the provider failed');
    return { request, startedAt, failure: { status: 'error_other', errorCode: 'INTERNAL_ERROR' } };
  }
}

/**
 * The first answer's completion again, from the record: nothing is recorded again, and the
 * signals are not handed over twice (the outbox already guarantees the first hand-over).
 */
async function answerAgain(deps: Deps, check: CheckRecord): Promise<void> {
  deps.logger.info({ checkId: check.id, status: check.status }, 'check answered before; answering again');
  await inTransaction(deps.pool, (db) => writeOutboxEvents(db, [completionEvent(check)]));
}
