import { RPCS, type ChargeBatchReply, type LedgerOutcome } from '@radar/contracts';

/** A batch of a thousand charges is one transaction; give it longer than a single request. */
const CHARGE_BATCH_TIMEOUT_MS = 15_000;
import type { Bus } from '@radar/platform/nats';

/** The ledger as monitor runs use it: charges and refunds idempotent on their references. */
export interface CreditsLedger {
  /** Charges in order, each under its own reference; see RPCS.ledger.chargeBatch. */
  chargeBatch(input: { workspaceId: string; reason: string; charges: { reference: string; amount: number }[] }): Promise<ChargeBatchReply>;
  refund(input: { workspaceId: string; chargeReference: string; reason: string; reference: string }): Promise<LedgerOutcome>;
  balance(workspaceId: string): Promise<number>;
}

export const ledgerOverBus = (bus: Bus): CreditsLedger => ({
  chargeBatch: (input) => bus.request(RPCS.ledger.chargeBatch, input, { timeoutMs: CHARGE_BATCH_TIMEOUT_MS }),
  refund: (input) => bus.request(RPCS.ledger.refund, input),
  balance: async (workspaceId) => (await bus.request(RPCS.ledger.balance, { workspaceId })).balance,
});
