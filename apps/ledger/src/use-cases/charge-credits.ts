import type { LedgerOutcome } from '@radar/contracts';
import { balanceOf, debitIfCovered, insertTransaction } from '../data/ledger.repository';
import { creditMetrics } from './credit-metrics';
import type { LedgerDeps } from './deps';
import { toLedgerOutcome } from './transaction-view';
import { writeOnce } from './write-once';

export interface ChargeCreditsInput {
  workspaceId: string;
  amount: number;
  reason: string;
  reference: string;
}

/**
 * All-or-nothing: either the whole amount is taken or nothing is (`insufficient_balance`).
 * Idempotent on the reference: a charge replayed answers the first transaction and takes nothing.
 */
export async function chargeCredits(deps: LedgerDeps, input: ChargeCreditsInput): Promise<LedgerOutcome> {
  const { workspaceId, amount, reason, reference } = input;
  const outcome = await writeOnce(deps, workspaceId, reference, async (db) => {
    const balance = await debitIfCovered(db, workspaceId, amount);
    if (balance === undefined) {
      const short = await balanceOf(db, workspaceId);
      return { status: 'insufficient_balance', balance: short, shortfall: amount - short };
    }
    const transaction = await insertTransaction(db, workspaceId, { amount: -amount, reason, reference, balanceAfter: balance });
    return { status: 'applied', replayed: false, transaction, balance };
  });
  if (outcome.status === 'applied' && !outcome.replayed) creditMetrics.charged(reason, amount);
  if (outcome.status === 'insufficient_balance') creditMetrics.refused(reason);
  return toLedgerOutcome(outcome);
}
