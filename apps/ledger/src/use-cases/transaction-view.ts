import type { LedgerOutcome, TransactionView } from '@radar/contracts';
import type { TransactionRecord, WriteOutcome } from '../data/ledger.repository';

export const toTransactionView = (record: TransactionRecord): TransactionView => ({
  id: record.id,
  amount: record.amount,
  reason: record.reason,
  reference: record.reference,
  created_at: record.createdAt.toISOString(),
});

export const toLedgerOutcome = (outcome: WriteOutcome): LedgerOutcome =>
  outcome.status === 'applied' ? { ...outcome, transaction: toTransactionView(outcome.transaction) } : outcome;
