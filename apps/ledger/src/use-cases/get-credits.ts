import type { CreditsResponse } from '@radar/contracts';
import type { LedgerDeps } from './deps';
import { toTransactionView } from './transaction-view';

/** How many transactions `GET /credits` lists. */
export const RECENT_TRANSACTIONS = 20;

export async function getCredits(deps: LedgerDeps, workspaceId: string): Promise<CreditsResponse> {
  const { balance, transactions } = await deps.ledger.balanceWithRecent(workspaceId, RECENT_TRANSACTIONS);
  return { workspace_id: workspaceId, balance, recent_transactions: transactions.map(toTransactionView) };
}
