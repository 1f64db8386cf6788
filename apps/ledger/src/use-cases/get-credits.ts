import type { CreditsResponse } from '@radar/contracts';
import { balanceOf, balanceWithRecent } from '../data/ledger.repository';
import type { LedgerDeps } from './deps';
import { toTransactionView } from './transaction-view';

/** How many transactions `GET /credits` lists. */
export const RECENT_TRANSACTIONS = 20;

export async function getCredits(deps: LedgerDeps, workspaceId: string): Promise<CreditsResponse> {
  const { balance, transactions } = await balanceWithRecent(deps.pool, workspaceId, RECENT_TRANSACTIONS);
  return { workspace_id: workspaceId, balance, recent_transactions: transactions.map(toTransactionView) };
}

export async function getBalance(deps: LedgerDeps, workspaceId: string): Promise<{ workspaceId: string; balance: number }> {
  return { workspaceId, balance: await balanceOf(deps.pool, workspaceId) };
}
