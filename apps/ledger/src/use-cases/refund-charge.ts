import type { LedgerOutcome } from '@radar/contracts';
import { balanceOf, refundOfCharge, transactionWithReference } from '../data/ledger.repository';
import { creditMetrics } from './credit-metrics';
import type { LedgerDeps } from './deps';
import { addCredits } from './grant-credits';
import { toLedgerOutcome } from './transaction-view';
import { writeOnce } from './write-once';

export interface RefundChargeInput {
  workspaceId: string;
  chargeReference: string;
  reason: string;
  reference: string;
}

/**
 * Returns a charge of the workspace in full, at most once per charge whatever the refund
 * reference (a second refund answers the first); anything but a charge is `charge_not_found`.
 */
export async function refundCharge(deps: LedgerDeps, input: RefundChargeInput): Promise<LedgerOutcome> {
  const { workspaceId, chargeReference, reason, reference } = input;
  const outcome = await writeOnce(deps, workspaceId, reference, async (db) => {
    const charge = await transactionWithReference(db, workspaceId, chargeReference);
    if (!charge || charge.amount >= 0) return { status: 'charge_not_found' };
    const earlier = await refundOfCharge(db, workspaceId, charge.id);
    if (earlier) return { status: 'applied', replayed: true, transaction: earlier, balance: await balanceOf(db, workspaceId) };
    return addCredits(db, workspaceId, { amount: -charge.amount, reason, reference, refundOf: charge.id });
  });
  if (outcome.status === 'applied' && !outcome.replayed) creditMetrics.refunded(reason, Math.abs(outcome.transaction.amount));
  return toLedgerOutcome(outcome);
}
