import type { PoolClient } from 'pg';
import type { LedgerOutcome } from '@radar/contracts';
import { balanceOf, creditWithinLimit, insertTransaction, type NewTransaction } from '../data/ledger.repository';
import type { LedgerDeps } from './deps';
import { toLedgerOutcome } from './transaction-view';
import { writeOnce, type WriteOutcome } from './write-once';

export interface GrantCreditsInput {
  workspaceId: string;
  amount: number;
  reason: string;
  reference: string;
}

/**
 * Adds credits (a grant, a refund) with their transaction, unless the balance would pass the
 * largest one a JSON number carries exactly: then nothing moves and the caller is told.
 */
export async function addCredits(db: PoolClient, workspaceId: string, entry: Omit<NewTransaction, 'balanceAfter'>): Promise<WriteOutcome> {
  const balance = await creditWithinLimit(db, workspaceId, entry.amount);
  if (balance === undefined) return { status: 'balance_limit_exceeded', balance: await balanceOf(db, workspaceId), amount: entry.amount };
  const transaction = await insertTransaction(db, workspaceId, { ...entry, balanceAfter: balance });
  return { status: 'applied', replayed: false, transaction, balance };
}

export async function grantCredits(deps: LedgerDeps, input: GrantCreditsInput): Promise<LedgerOutcome> {
  const { workspaceId, amount, reason, reference } = input;
  return toLedgerOutcome(await writeOnce(deps, workspaceId, reference, (db) => addCredits(db, workspaceId, { amount, reason, reference })));
}
