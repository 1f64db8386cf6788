import type { LedgerOutcome } from '@radar/contracts';
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
  return toLedgerOutcome(await deps.ledger.charge(input.workspaceId, input.amount, input.reason, input.reference));
}
