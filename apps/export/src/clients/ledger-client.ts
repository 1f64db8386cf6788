import { LEDGER_RPC, type LedgerOutcome } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';

/** The ledger over NATS: the only way credits move. Every write is idempotent on its reference. */
export class LedgerClient {
  constructor(private readonly bus: Bus) {}

  async balance(workspaceId: string): Promise<number> {
    return (await this.bus.request(LEDGER_RPC.balance, { workspaceId })).balance;
  }

  charge(workspaceId: string, amount: number, reason: string, reference: string): Promise<LedgerOutcome> {
    return this.bus.request(LEDGER_RPC.charge, { workspaceId, amount, reason, reference });
  }

  refund(workspaceId: string, chargeReference: string, reason: string, reference: string): Promise<LedgerOutcome> {
    return this.bus.request(LEDGER_RPC.refund, { workspaceId, chargeReference, reason, reference });
  }
}
