import { RPCS } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';
import type { LedgerDeps } from '../use-cases/deps';
import { chargeBatch } from '../use-cases/charge-batch';
import { chargeCredits } from '../use-cases/charge-credits';
import { getBalance } from '../use-cases/get-credits';
import { grantCredits } from '../use-cases/grant-credits';
import { refundCharge } from '../use-cases/refund-charge';

const QUEUE = 'ledger';

/** The ledger's NATS request API: the only way other services move credits. */
export function serveLedgerRpc(bus: Bus, deps: LedgerDeps): void {
  bus.serve(RPCS.ledger.charge, (input) => chargeCredits(deps, input), { queue: QUEUE });
  bus.serve(RPCS.ledger.chargeBatch, (input) => chargeBatch(deps, input), { queue: QUEUE });
  bus.serve(RPCS.ledger.refund, (input) => refundCharge(deps, input), { queue: QUEUE });
  bus.serve(RPCS.ledger.grant, (input) => grantCredits(deps, input), { queue: QUEUE });
  bus.serve(RPCS.ledger.balance, (input) => getBalance(deps, input.workspaceId), { queue: QUEUE });
}
