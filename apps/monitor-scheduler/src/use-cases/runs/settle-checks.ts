import { inTransaction } from '@radar/platform/database';
import {
  addRunCounts,
  expireOverdueChecks,
  markCheckRefunded,
  recordCheckAnswers,
  unrefundedCheck,
  unrefundedChecksOfRuns,
  type AnsweredCheck,
  type CheckCompletion,
  type RunCountChanges,
  type UnrefundedCheck,
} from '../../data/check-progress.repository';
import type { RunRecord } from '../../data/run.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { chargeReference, MONITOR_REFUND_REASON, refundReference } from './charge-reference';
import { settleRunIfDone } from './settle-run';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'ledger' | 'logger' | 'now'>;

/**
 * Returns a failed check's credit (`monitor_refund`) and records it; the check, and perhaps its
 * run, settles. Idempotent: the ledger refunds a charge at most once whatever is repeated.
 */
export async function refundFailedCheck(deps: Deps, check: UnrefundedCheck): Promise<void> {
  const charge = chargeReference(check.monitorId, check.runDate, check.domain, check.signalType);
  const outcome = await deps.ledger.refund({
    workspaceId: check.workspaceId,
    chargeReference: charge,
    reason: MONITOR_REFUND_REASON,
    reference: refundReference(charge),
  });
  // A check is recorded as charged only after the ledger applied its charge; if the ledger has
  // no such charge there is nothing to give back, and the check must still settle.
  if (outcome.status === 'charge_not_found') deps.logger.error({ checkId: check.id, charge }, 'no charge to refund for a failed check');
  await recordRefund(deps, check);
}

/** The refund is in the ledger: the failed check settles, and with it perhaps the run. */
export async function recordRefund(deps: Pick<Deps, 'pool' | 'now'>, check: Pick<UnrefundedCheck, 'id' | 'workspaceId'>): Promise<RunRecord | undefined> {
  const at = deps.now();
  return inTransaction(deps.pool, async (db) => {
    const runId = await markCheckRefunded(db, check.workspaceId, check.id);
    if (!runId) return undefined;
    await addRunCounts(db, check.workspaceId, runId, { refunded: 1, settled: 1 });
    return settleRunIfDone(db, check.workspaceId, runId, at);
  });
}

/** What answers add to each run: a success is made and settled; a failure counts as failed at once and settles when its refund is recorded. */
export function countAnswers(answered: readonly AnsweredCheck[]): Map<string, { workspaceId: string; changes: Required<Pick<RunCountChanges, 'processed' | 'failed' | 'newItems' | 'settled'>> }> {
  const perRun = new Map<string, { workspaceId: string; changes: { processed: number; failed: number; newItems: number; settled: number } }>();
  for (const check of answered) {
    const run = perRun.get(check.runId) ?? { workspaceId: check.workspaceId, changes: { processed: 0, failed: 0, newItems: 0, settled: 0 } };
    if (check.status === 'success') {
      run.changes.processed += 1;
      run.changes.settled += 1;
      run.changes.newItems += check.itemsPushed;
    } else {
      run.changes.failed += 1;
    }
    perRun.set(check.runId, run);
  }
  return perRun;
}

/**
 * signal-ingest's answers for checks (`signal.check.completed`), many in one transaction. An
 * answer for a check that is no longer waiting (deadline passed, redelivery) changes nothing.
 * Runs are updated in id order, so concurrent batches wait for each other instead of
 * deadlocking; a run whose last open check was made ends here.
 */
export async function recordCheckOutcomes(deps: Pick<Deps, 'pool' | 'now'>, completions: CheckCompletion[]): Promise<void> {
  const answers = [...new Map(completions.map((completion) => [completion.checkId, completion])).values()];
  if (answers.length === 0) return;
  const at = deps.now();
  await inTransaction(deps.pool, async (db) => {
    const perRun = countAnswers(await recordCheckAnswers(db, answers));
    for (const runId of [...perRun.keys()].sort()) {
      const { workspaceId, changes } = perRun.get(runId)!;
      await addRunCounts(db, workspaceId, runId, changes);
      if (changes.processed > 0) await settleRunIfDone(db, workspaceId, runId, at);
    }
  });
}

/**
 * A failed check (`error_pl`, `error_other`) is refunded once its answer is recorded; a refund
 * that an interruption left undone is finished when the answer comes again.
 */
export async function refundIfFailed(deps: Deps, completion: CheckCompletion): Promise<void> {
  if (completion.status === 'success') return;
  const unrefunded = await unrefundedCheck(deps.pool, completion.workspaceId, completion.checkId);
  if (unrefunded) await refundFailedCheck(deps, unrefunded);
}

/**
 * Checks asked of signal-ingest before `cutoff` and never answered become `error_other`
 * (CHECK_DEADLINE_EXCEEDED) and count as failed; their refunds follow. Answers the refunds to
 * make in the runs concerned.
 */
export async function expireOverdue(deps: Pick<Deps, 'pool'>, cutoff: Date, at: Date, limit: number): Promise<UnrefundedCheck[]> {
  return inTransaction(deps.pool, async (db) => {
    const expired = await expireOverdueChecks(db, cutoff, at, limit);
    const perRun = new Map<string, { workspaceId: string; failed: number }>();
    for (const { runId, workspaceId } of expired) {
      const run = perRun.get(runId) ?? { workspaceId, failed: 0 };
      run.failed += 1;
      perRun.set(runId, run);
    }
    for (const [runId, { workspaceId, failed }] of perRun) await addRunCounts(db, workspaceId, runId, { failed });
    return expired.length > 0 ? unrefundedChecksOfRuns(db, [...perRun.keys()]) : [];
  });
}
