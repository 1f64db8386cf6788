import type { LedgerOutcome } from '@radar/contracts';
import type { LedgerDeps } from './deps';
import { toLedgerOutcome } from './transaction-view';

export interface GrantCreditsInput {
  workspaceId: string;
  amount: number;
  reason: string;
  reference: string;
}

export async function grantCredits(deps: LedgerDeps, input: GrantCreditsInput): Promise<LedgerOutcome> {
  return toLedgerOutcome(await deps.ledger.grant(input.workspaceId, input.amount, input.reason, input.reference));
}
