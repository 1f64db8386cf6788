import type { LedgerOutcome } from '@radar/contracts';
import { creditMetrics } from './credit-metrics';
import type { LedgerDeps } from './deps';
import { toLedgerOutcome } from './transaction-view';

export interface RefundChargeInput {
  workspaceId: string;
  chargeReference: string;
  reason: string;
  reference: string;
}

export async function refundCharge(deps: LedgerDeps, input: RefundChargeInput): Promise<LedgerOutcome> {
  const outcome = await deps.ledger.refund(input.workspaceId, input.chargeReference, input.reason, input.reference);
  if (outcome.status === 'applied' && !outcome.replayed) creditMetrics.refunded(input.reason, Math.abs(outcome.transaction.amount));
  return toLedgerOutcome(outcome);
}
