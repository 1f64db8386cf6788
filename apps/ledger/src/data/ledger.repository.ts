import { AppError } from '@radar/platform/errors';
import type { Pool } from 'pg';
import type { LedgerPrisma } from './prisma';
import { Prisma, type Transaction } from './generated/prisma/client';
import { creditNumber } from './credit-number';

export interface TransactionRecord {
  id: string;
  workspaceId: string;
  amount: number;
  reason: string;
  reference: string;
  balanceAfter: number;
  refundOf: string | null;
  createdAt: Date;
}

export type WriteOutcome =
  | { status: 'applied'; replayed: boolean; transaction: TransactionRecord; balance: number }
  | { status: 'insufficient_balance'; balance: number; shortfall: number }
  | { status: 'charge_not_found' }
  /** A credit that would take the balance past Number.MAX_SAFE_INTEGER; nothing moved. */
  | { status: 'balance_limit_exceeded'; balance: number; amount: number };

type Tx = Prisma.TransactionClient;

/** A transaction as json_agg gives it: BIGINT columns as JSON numbers. */
interface RecentRow {
  id: string;
  workspace_id: string;
  amount: number;
  reason: string;
  reference: string;
  balance_after: number;
  refund_of: string | null;
  created_at: string;
}

/** The largest balance: what a JSON number carries exactly (the balances CHECK holds it too). */
const MAX_BALANCE = BigInt(Number.MAX_SAFE_INTEGER);

const toRecord = (row: Transaction): TransactionRecord => ({
  id: row.id,
  workspaceId: row.workspaceId,
  amount: creditNumber(row.amount),
  reason: row.reason,
  reference: row.reference,
  balanceAfter: creditNumber(row.balanceAfter),
  refundOf: row.refundOf,
  createdAt: row.createdAt,
});

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * Balances and transactions. Every write is one SQL transaction that changes the balance row
 * and inserts the transaction row together, so balance = sum(amount) always holds; every
 * write is idempotent on its reference.
 */
export class LedgerRepository {
  constructor(
    private readonly prisma: LedgerPrisma,
    private readonly pool: Pool,
  ) {}

  /**
   * Balance and newest transactions in one round trip. GET /credits is the hottest read, and
   * one plain SQL statement costs a tenth of two Prisma queries (docs/performance.md).
   */
  async balanceWithRecent(workspaceId: string, limit: number): Promise<{ balance: number; transactions: TransactionRecord[] }> {
    // A named statement: PostgreSQL parses and plans it once per connection, not per request.
    // pg reads BIGINT as a string; json_agg turns the transactions' BIGINTs into JSON numbers.
    const { rows } = await this.pool.query<{ balance: string | null; recent: RecentRow[] }>({
      name: 'ledger-balance-with-recent',
      text: `SELECT (SELECT balance FROM balances WHERE workspace_id = $1) AS balance,
                    COALESCE((SELECT json_agg(t ORDER BY t.seq DESC) FROM (
                      SELECT id, workspace_id, amount, reason, reference, balance_after, refund_of, created_at, seq
                      FROM transactions WHERE workspace_id = $1 ORDER BY seq DESC LIMIT $2) t), '[]'::json) AS recent`,
      values: [workspaceId, limit],
    });
    const row = rows[0];
    return {
      balance: creditNumber(row?.balance ?? 0),
      transactions: (row?.recent ?? []).map((t) => ({
        id: t.id,
        workspaceId: t.workspace_id,
        amount: creditNumber(t.amount),
        reason: t.reason,
        reference: t.reference,
        balanceAfter: creditNumber(t.balance_after),
        refundOf: t.refund_of,
        createdAt: new Date(t.created_at),
      })),
    };
  }

  async balance(workspaceId: string): Promise<number> {
    const row = await this.prisma.balance.findUnique({ where: { workspaceId } });
    return creditNumber(row?.balance ?? 0);
  }

  /** Takes `amount` only if the balance covers all of it; concurrent charges serialise on the balance row. */
  charge(workspaceId: string, amount: number, reason: string, reference: string): Promise<WriteOutcome> {
    return this.idempotent(workspaceId, reference, async (tx) => {
      const debited = await tx.$queryRaw<{ balance: bigint }[]>`
        UPDATE balances SET balance = balance - ${amount}::bigint, updated_at = now()
        WHERE workspace_id = ${workspaceId}::uuid AND balance >= ${amount}::bigint
        RETURNING balance`;
      const after = debited[0];
      if (!after) {
        const balance = await this.balanceIn(tx, workspaceId);
        return { status: 'insufficient_balance', balance, shortfall: amount - balance };
      }
      const transaction = await tx.transaction.create({
        data: { workspaceId, amount: BigInt(-amount), reason, reference, balanceAfter: after.balance },
      });
      return { status: 'applied', replayed: false, transaction: toRecord(transaction), balance: creditNumber(after.balance) };
    });
  }

  grant(workspaceId: string, amount: number, reason: string, reference: string): Promise<WriteOutcome> {
    return this.idempotent(workspaceId, reference, (tx) => this.credit(tx, workspaceId, amount, reason, reference, null));
  }

  /** Returns a charge in full, at most once per charge whatever the refund reference. */
  refund(workspaceId: string, chargeReference: string, reason: string, reference: string): Promise<WriteOutcome> {
    return this.idempotent(workspaceId, reference, async (tx) => {
      const charge = await tx.transaction.findUnique({ where: { reference: chargeReference } });
      if (!charge || charge.workspaceId !== workspaceId || charge.amount >= 0n) return { status: 'charge_not_found' };
      const earlier = await tx.transaction.findUnique({ where: { refundOf: charge.id } });
      if (earlier) return { status: 'applied', replayed: true, transaction: toRecord(earlier), balance: await this.balanceIn(tx, workspaceId) };
      return this.credit(tx, workspaceId, creditNumber(-charge.amount), reason, reference, charge.id);
    });
  }

  private async credit(
    tx: Tx,
    workspaceId: string,
    amount: number,
    reason: string,
    reference: string,
    refundOf: string | null,
  ): Promise<WriteOutcome> {
    // A balance that would pass MAX_BALANCE is left alone (no row comes back) rather than
    // tripping the CHECK: the caller gets a 422, not a failed statement.
    const credited = await tx.$queryRaw<{ balance: bigint }[]>`
      INSERT INTO balances (workspace_id, balance, updated_at) VALUES (${workspaceId}::uuid, ${amount}::bigint, now())
      ON CONFLICT (workspace_id) DO UPDATE SET balance = balances.balance + EXCLUDED.balance, updated_at = now()
        WHERE balances.balance + EXCLUDED.balance <= ${MAX_BALANCE}::bigint
      RETURNING balance`;
    const balance = credited[0]?.balance;
    if (balance === undefined) return { status: 'balance_limit_exceeded', balance: await this.balanceIn(tx, workspaceId), amount };
    const transaction = await tx.transaction.create({
      data: { workspaceId, amount: BigInt(amount), reason, reference, balanceAfter: balance, refundOf },
    });
    return { status: 'applied', replayed: false, transaction: toRecord(transaction), balance: creditNumber(balance) };
  }

  private async balanceIn(tx: Tx, workspaceId: string): Promise<number> {
    const row = await tx.balance.findUnique({ where: { workspaceId } });
    return creditNumber(row?.balance ?? 0);
  }

  /**
   * Runs `write` unless the reference was used before, in which case the first outcome is
   * returned and nothing moves. Two racing writers of one reference: the loser's transaction
   * rolls back on the unique reference and it answers with the winner's outcome.
   */
  private async idempotent(workspaceId: string, reference: string, write: (tx: Tx) => Promise<WriteOutcome>): Promise<WriteOutcome> {
    const replay = async (): Promise<WriteOutcome | undefined> => {
      const existing = await this.prisma.transaction.findUnique({ where: { reference } });
      if (!existing) return undefined;
      if (existing.workspaceId !== workspaceId) {
        throw new AppError('CONFLICT', `Reference ${reference} belongs to another workspace`);
      }
      return { status: 'applied', replayed: true, transaction: toRecord(existing), balance: await this.balance(workspaceId) };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      return await this.prisma.$transaction(write);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race: answer with the winner's outcome, or (a refund of the same charge under
      // another reference) run once more to find the refund that won.
      return (await replay()) ?? (await this.prisma.$transaction(write));
    }
  }
}
