import type { PoolClient } from 'pg';
import { inTransaction, isUniqueViolation } from '@radar/platform/database';
import { AppError } from '@radar/platform/errors';
import { balanceOf, referenceUse, type ReferenceUse, type TransactionRecord } from '../data/ledger.repository';
import type { LedgerDeps } from './deps';

export type WriteOutcome =
  | { status: 'applied'; replayed: boolean; transaction: TransactionRecord; balance: number }
  | { status: 'insufficient_balance'; balance: number; shortfall: number }
  | { status: 'charge_not_found' }
  /** A credit that would take the balance past Number.MAX_SAFE_INTEGER; nothing moved. */
  | { status: 'balance_limit_exceeded'; balance: number; amount: number };

/** A reference is the caller's idempotency key, in one workspace only. */
export function ownTransaction(use: ReferenceUse, reference: string): TransactionRecord {
  if (use.owner === 'another_workspace') throw new AppError('CONFLICT', `Reference ${reference} belongs to another workspace`);
  return use.transaction;
}

/**
 * Runs `write` in one transaction unless the reference was used before, in which case the
 * first outcome is answered and nothing moves. Two racing writers of one reference: the unique
 * reference rolls the loser's transaction back, and it answers with the winner's outcome.
 */
export async function writeOnce(
  deps: LedgerDeps,
  workspaceId: string,
  reference: string,
  write: (db: PoolClient) => Promise<WriteOutcome>,
): Promise<WriteOutcome> {
  const replay = async (): Promise<WriteOutcome | undefined> => {
    const use = await referenceUse(deps.pool, workspaceId, reference);
    if (!use) return undefined;
    return { status: 'applied', replayed: true, transaction: ownTransaction(use, reference), balance: await balanceOf(deps.pool, workspaceId) };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await inTransaction(deps.pool, write);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race: answer with the winner's outcome, or (a refund of the same charge under
    // another reference) run once more to find the refund that won.
    return (await replay()) ?? (await inTransaction(deps.pool, write));
  }
}
