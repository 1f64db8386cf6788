import type { LedgerOutcome } from '@radar/contracts';
import type { LedgerDeps } from './deps';
import { toLedgerOutcome } from './transaction-view';

export interface RefundChargeInput {
  workspaceId: string;
  chargeReference: string;
  reason: string;
  reference: string;
}

export async function refundCharge(deps: LedgerDeps, input: RefundChargeInput): Promise<LedgerOutcome> {
  return toLedgerOutcome(await deps.ledger.refund(input.workspaceId, input.chargeReference, input.reason, input.reference));
}
