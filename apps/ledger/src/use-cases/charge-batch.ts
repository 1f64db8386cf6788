import type { ChargeBatchReply } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { insertTransactions, lockBalance, referenceUses, setBalance } from '../data/ledger.repository';
import { creditMetrics } from './credit-metrics';
import type { LedgerDeps } from './deps';
import { ownTransaction } from './write-once';

export interface BatchCharge {
  reference: string;
  amount: number;
}

export interface ChargeBatchInput {
  workspaceId: string;
  reason: string;
  charges: BatchCharge[];
}

type BatchChargeOutcome = ChargeBatchReply['outcomes'][number];

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

/**
 * Many charges of one workspace in one SQL transaction, each idempotent on its own reference:
 * the balance row is locked once, the references already used are read in one query, the
 * accepted charges are inserted in one statement (each with its running balance) and the
 * balance changes once. Concurrent writers of the workspace wait on the balance row, so what
 * is read under the lock is what is written against; a reference another writer inserted
 * first is seen here.
 */
export async function chargeBatch(deps: LedgerDeps, input: ChargeBatchInput): Promise<ChargeBatchReply> {
  const { workspaceId, reason, charges } = input;
  const reply = await inTransaction(deps.pool, async (db) => {
    const before = await lockBalance(db, workspaceId);
    const uses = await referenceUses(db, workspaceId, charges.map((charge) => charge.reference));
    const earlier = new Map([...uses].map(([reference, use]) => [reference, ownTransaction(use, reference)]));
    const fresh = charges.filter((charge) => !earlier.has(charge.reference));
    let running = before;
    const entries = fresh.slice(0, acceptInOrder(before, fresh)).map((charge) => {
      running -= charge.amount;
      return { reference: charge.reference, amount: -charge.amount, balanceAfter: running };
    });
    const applied = new Map<string, string>();
    if (entries.length > 0) {
      const ids = await insertTransactions(db, workspaceId, reason, entries);
      entries.forEach((entry, position) => applied.set(entry.reference, ids[position]!));
      await setBalance(db, workspaceId, running);
    }
    const outcomes = charges.map((charge): BatchChargeOutcome => {
      const replayed = earlier.get(charge.reference);
      if (replayed) return { status: 'applied', replayed: true, transactionId: replayed.id };
      const id = applied.get(charge.reference);
      return id ? { status: 'applied', replayed: false, transactionId: id } : { status: 'insufficient_balance' };
    });
    return { outcomes, balance: running };
  });
  let taken = 0;
  let refused = 0;
  reply.outcomes.forEach((outcome, position) => {
    if (outcome.status === 'insufficient_balance') refused += 1;
    else if (!outcome.replayed) taken += charges[position]?.amount ?? 0;
  });
  creditMetrics.charged(reason, taken);
  creditMetrics.refused(reason, refused);
  return reply;
}
