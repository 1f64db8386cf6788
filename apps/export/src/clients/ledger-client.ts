import { RPCS, type LedgerOutcome } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';

/** The ledger over NATS: the only way credits move. Every write is idempotent on its reference. */
export class LedgerClient {
  constructor(private readonly bus: Bus) {}

  async balance(workspaceId: string): Promise<number> {
    return (await this.bus.request(RPCS.ledger.balance, { workspaceId })).balance;
  }

  charge(workspaceId: string, amount: number, reason: string, reference: string): Promise<LedgerOutcome> {
    return this.bus.request(RPCS.ledger.charge, { workspaceId, amount, reason, reference });
  }

  refund(workspaceId: string, chargeReference: string, reason: string, reference: string): Promise<LedgerOutcome> {
    return this.bus.request(RPCS.ledger.refund, { workspaceId, chargeReference, reason, reference });
  }
}
