import type { LedgerOutcome } from '@radar/contracts';
import { creditMetrics } from './credit-metrics';
import type { LedgerDeps } from './deps';
import { toLedgerOutcome } from './transaction-view';

export interface ChargeCreditsInput {
  workspaceId: string;
  amount: number;
  reason: string;
  reference: string;
}

/** All-or-nothing: either the whole amount is taken or nothing is (`insufficient_balance`). */
export async function chargeCredits(deps: LedgerDeps, input: ChargeCreditsInput): Promise<LedgerOutcome> {
  const outcome = await deps.ledger.charge(input.workspaceId, input.amount, input.reason, input.reference);
  if (outcome.status === 'applied' && !outcome.replayed) creditMetrics.charged(input.reason, input.amount);
  if (outcome.status === 'insufficient_balance') creditMetrics.refused(input.reason);
  return toLedgerOutcome(outcome);
}
