import type { CheckCompletion, UnrefundedCheck } from '../../data/check-progress.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { chargeReference, MONITOR_REFUND_REASON, refundReference } from './charge-reference';

type Deps = Pick<MonitorSchedulerDeps, 'checks' | 'ledger' | 'logger' | 'now'>;

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
  await deps.checks.recordRefund(check.id, deps.now());
}

/** signal-ingest's answers for checks (`signal.check.completed`), recorded together; see CheckProgressRepository.recordAnswers. */
export async function recordCheckOutcomes(deps: Deps, completions: CheckCompletion[]): Promise<void> {
  await deps.checks.recordAnswers(completions, deps.now());
}

/**
 * A failed check (`error_pl`, `error_other`) is refunded once its answer is recorded; a refund
 * that an interruption left undone is finished when the answer comes again.
 */
export async function refundIfFailed(deps: Deps, completion: CheckCompletion): Promise<void> {
  if (completion.status === 'success') return;
  const unrefunded = await deps.checks.unrefundedCheck(completion.checkId);
  if (unrefunded) await refundFailedCheck(deps, unrefunded);
}
