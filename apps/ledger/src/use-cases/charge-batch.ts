import type { ChargeBatchReply } from '@radar/contracts';
import type { BatchCharge } from '../data/charge-batch.repository';
import { creditMetrics } from './credit-metrics';
import type { LedgerDeps } from './deps';

export interface ChargeBatchInput {
  workspaceId: string;
  reason: string;
  charges: BatchCharge[];
}

/**
 * Down the list, each new charge is taken while the balance covers it whole; the first one it
 * cannot cover is refused, and every new charge after it too, so what a caller skips is exactly
 * the tail of its order (a monitor run's checks).
 */
export const acceptInOrder = (balance: number, fresh: readonly BatchCharge[]): number => {
  let left = balance;
  let count = 0;
  for (const charge of fresh) {
    if (charge.amount > left) break;
    left -= charge.amount;
    count += 1;
  }
  return count;
};

/** Many charges in one transaction, each idempotent on its own reference. */
export async function chargeBatch(deps: Pick<LedgerDeps, 'chargeBatches'>, input: ChargeBatchInput): Promise<ChargeBatchReply> {
  const reply = await deps.chargeBatches.charge(input.workspaceId, input.reason, input.charges, acceptInOrder);
  let taken = 0;
  let refused = 0;
  reply.outcomes.forEach((outcome, position) => {
    if (outcome.status === 'insufficient_balance') refused += 1;
    else if (!outcome.replayed) taken += input.charges[position]?.amount ?? 0;
  });
  creditMetrics.charged(input.reason, taken);
  creditMetrics.refused(input.reason, refused);
  return reply;
}
