import type { LedgerOutcome, TransactionView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { TransactionRecord } from '../data/ledger.repository';
import type { WriteOutcome } from './write-once';

export const toTransactionView = (record: TransactionRecord): TransactionView => ({
  id: record.id,
  amount: record.amount,
  reason: record.reason,
  reference: record.reference,
  created_at: record.createdAt.toISOString(),
});

/**
 * The outcome a caller of the ledger branches on. A credit past the largest balance is bad
 * input rather than an outcome: a 422 naming the amount (carried unchanged across NATS).
 */
export function toLedgerOutcome(outcome: WriteOutcome): LedgerOutcome {
  if (outcome.status === 'balance_limit_exceeded') {
    throw new AppError(
      'VALIDATION_ERROR',
      `amount: ${outcome.amount} would take the balance of ${outcome.balance} past the largest balance, ${Number.MAX_SAFE_INTEGER}`,
      { balance: outcome.balance, amount: outcome.amount, max_balance: Number.MAX_SAFE_INTEGER },
    );
  }
  return outcome.status === 'applied' ? { ...outcome, transaction: toTransactionView(outcome.transaction) } : outcome;
}
