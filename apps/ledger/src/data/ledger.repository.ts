import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';
import { creditNumber } from './credit-number';

/**
 * Balances and transactions: statements only. The rules (idempotency on references, what a
 * refund may return, when a write is refused) are the use cases'; what must hold whatever the
 * code does is the database's: a balance never below zero nor past Number.MAX_SAFE_INTEGER
 * (CHECKs), a reference used once and a charge refunded once (unique indexes).
 */

/** A BIGINT credit column: a string from pg, a number inside json_agg. */
const credits = z.union([z.string(), z.number()]).transform(creditNumber);

const transactionRow = z
  .object({
    id: z.string(),
    workspace_id: z.string(),
    amount: credits,
    reason: z.string(),
    reference: z.string(),
    balance_after: credits,
    refund_of: z.string().nullable(),
    created_at: z.coerce.date(),
  })
  .transform((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    amount: row.amount,
    reason: row.reason,
    reference: row.reference,
    balanceAfter: row.balance_after,
    refundOf: row.refund_of,
    createdAt: row.created_at,
  }));

export type TransactionRecord = z.output<typeof transactionRow>;

const balanceRow = z.object({ balance: credits });

const TRANSACTION_COLUMNS = 'id, workspace_id, amount, reason, reference, balance_after, refund_of, created_at';

/**
 * Balance and newest transactions in one round trip. GET /credits is the hottest read, and
 * one plain SQL statement costs a tenth of two queries (docs/performance.md).
 */
export async function balanceWithRecent(db: Queryable, workspaceId: string, limit: number): Promise<{ balance: number; transactions: TransactionRecord[] }> {
  // A named statement: PostgreSQL parses and plans it once per connection, not per request.
  // json_agg turns the transactions' BIGINTs into JSON numbers.
  const { rows } = await db.query<{ balance: string | null; recent: unknown[] }>({
    name: 'ledger-balance-with-recent',
    text: `SELECT (SELECT balance FROM balances WHERE workspace_id = $1) AS balance,
                  COALESCE((SELECT json_agg(t ORDER BY t.seq DESC) FROM (
                    SELECT ${TRANSACTION_COLUMNS}, seq
                    FROM transactions WHERE workspace_id = $1 ORDER BY seq DESC LIMIT $2) t), '[]'::json) AS recent`,
    values: [workspaceId, limit],
  });
  const row = rows[0];
  return { balance: creditNumber(row?.balance ?? 0), transactions: (row?.recent ?? []).map((recent) => transactionRow.parse(recent)) };
}

/** The workspace's balance; 0 before its first grant. */
export async function balanceOf(db: Queryable, workspaceId: string): Promise<number> {
  const { rows } = await db.query('SELECT balance FROM balances WHERE workspace_id = $1', [workspaceId]);
  return rows[0] ? balanceRow.parse(rows[0]).balance : 0;
}

/** The balance, locked until the caller's transaction ends: writers of one workspace queue here. */
export async function lockBalance(db: Queryable, workspaceId: string): Promise<number> {
  const { rows } = await db.query('SELECT balance FROM balances WHERE workspace_id = $1 FOR UPDATE', [workspaceId]);
  return rows[0] ? balanceRow.parse(rows[0]).balance : 0;
}

/**
 * What a reference was used for. References are unique across workspaces: another workspace's
 * use is reported without its transaction, which never leaves this function.
 */
export type ReferenceUse = { owner: 'this_workspace'; transaction: TransactionRecord } | { owner: 'another_workspace' };

export async function referenceUse(db: Queryable, workspaceId: string, reference: string): Promise<ReferenceUse | undefined> {
  const { rows } = await db.query(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE reference = $1`, [reference]);
  if (!rows[0]) return undefined;
  const transaction = transactionRow.parse(rows[0]);
  return transaction.workspaceId === workspaceId ? { owner: 'this_workspace', transaction } : { owner: 'another_workspace' };
}

/** The uses of many references at once; as `referenceUse`, another workspace's transactions stay here. */
export async function referenceUses(db: Queryable, workspaceId: string, references: readonly string[]): Promise<Map<string, ReferenceUse>> {
  const { rows } = await db.query(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE reference = ANY($1::varchar[])`, [references]);
  return new Map(
    rows.map((row): [string, ReferenceUse] => {
      const transaction = transactionRow.parse(row);
      return [transaction.reference, transaction.workspaceId === workspaceId ? { owner: 'this_workspace', transaction } : { owner: 'another_workspace' }];
    }),
  );
}

/** The workspace's transaction with this reference. */
export async function transactionWithReference(db: Queryable, workspaceId: string, reference: string): Promise<TransactionRecord | undefined> {
  const { rows } = await db.query(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE workspace_id = $1 AND reference = $2`, [workspaceId, reference]);
  return rows[0] ? transactionRow.parse(rows[0]) : undefined;
}

/** The refund of a charge, if it has one. */
export async function refundOfCharge(db: Queryable, workspaceId: string, chargeId: string): Promise<TransactionRecord | undefined> {
  const { rows } = await db.query(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE workspace_id = $1 AND refund_of = $2`, [workspaceId, chargeId]);
  return rows[0] ? transactionRow.parse(rows[0]) : undefined;
}

/**
 * Takes `amount` only if the balance covers all of it, in one conditional UPDATE: concurrent
 * charges serialise on the balance row and the CHECK (balance >= 0) holds it regardless.
 * Answers the balance after, or undefined when nothing was taken.
 */
export async function debitIfCovered(db: Queryable, workspaceId: string, amount: number): Promise<number | undefined> {
  const { rows } = await db.query(
    `UPDATE balances SET balance = balance - $2::bigint, updated_at = now()
     WHERE workspace_id = $1 AND balance >= $2::bigint
     RETURNING balance`,
    [workspaceId, amount],
  );
  return rows[0] ? balanceRow.parse(rows[0]).balance : undefined;
}

/**
 * Adds `amount`, creating the balance on the first grant, unless the balance would pass
 * Number.MAX_SAFE_INTEGER: then nothing changes (no row comes back) rather than the CHECK
 * failing the statement. Answers the balance after, or undefined when nothing was added.
 */
export async function creditWithinLimit(db: Queryable, workspaceId: string, amount: number): Promise<number | undefined> {
  const { rows } = await db.query(
    `INSERT INTO balances (workspace_id, balance, updated_at) VALUES ($1, $2::bigint, now())
     ON CONFLICT (workspace_id) DO UPDATE SET balance = balances.balance + EXCLUDED.balance, updated_at = now()
       WHERE balances.balance + EXCLUDED.balance <= $3::bigint
     RETURNING balance`,
    [workspaceId, amount, Number.MAX_SAFE_INTEGER],
  );
  return rows[0] ? balanceRow.parse(rows[0]).balance : undefined;
}

/** Sets the balance a batch of charges computed under `lockBalance`. */
export async function setBalance(db: Queryable, workspaceId: string, balance: number): Promise<void> {
  await db.query('UPDATE balances SET balance = $2, updated_at = now() WHERE workspace_id = $1', [workspaceId, balance]);
}

export interface NewTransaction {
  /** Negative for a charge. */
  amount: number;
  reason: string;
  reference: string;
  balanceAfter: number;
  refundOf?: string | null;
}

export async function insertTransaction(db: Queryable, workspaceId: string, entry: NewTransaction): Promise<TransactionRecord> {
  const { rows } = await db.query(
    `INSERT INTO transactions (id, workspace_id, amount, reason, reference, balance_after, refund_of)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${TRANSACTION_COLUMNS}`,
    [randomUUID(), workspaceId, entry.amount, entry.reason, entry.reference, entry.balanceAfter, entry.refundOf ?? null],
  );
  return transactionRow.parse(rows[0]);
}

/** Many transactions of one reason in one statement, inserted (and so ordered by seq) in the given order. */
export async function insertTransactions(db: Queryable, workspaceId: string, reason: string, entries: readonly Omit<NewTransaction, 'reason' | 'refundOf'>[]): Promise<string[]> {
  const ids = entries.map(() => randomUUID());
  await db.query(
    `INSERT INTO transactions (id, workspace_id, amount, reason, reference, balance_after)
     SELECT id, $1, amount, $2, reference, balance_after
     FROM unnest($3::uuid[], $4::bigint[], $5::varchar[], $6::bigint[]) WITH ORDINALITY AS r(id, amount, reference, balance_after, position)
     ORDER BY position`,
    [workspaceId, reason, ids, entries.map((entry) => entry.amount), entries.map((entry) => entry.reference), entries.map((entry) => entry.balanceAfter)],
  );
  return ids;
}
