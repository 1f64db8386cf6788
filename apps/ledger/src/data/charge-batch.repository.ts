import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { AppError } from '@radar/platform/errors';
import { inTransaction } from '@radar/platform/database';
import { creditNumber } from './credit-number';

export interface BatchCharge {
  reference: string;
  amount: number;
}

export type BatchChargeOutcome = { status: 'applied'; replayed: boolean; transactionId: string } | { status: 'insufficient_balance' };

/** Of the charges not seen before (in order), how many to apply given the balance. */
export type AcceptCharges = (balance: number, fresh: readonly BatchCharge[]) => number;

/**
 * Many charges of one workspace in one SQL transaction: the balance row is locked once, the
 * references already used are read in one query, the accepted charges are inserted in one
 * statement (each with its own reference and running balance) and the balance changes once.
 * Concurrent writers of the workspace wait on the balance row, so what this reads under the
 * lock is what it writes against; a reference another writer inserted first is seen here.
 */
export class ChargeBatchRepository {
  constructor(private readonly pool: Pool) {}

  charge(workspaceId: string, reason: string, charges: readonly BatchCharge[], accept: AcceptCharges): Promise<{ outcomes: BatchChargeOutcome[]; balance: number }> {
    return inTransaction(this.pool, async (client) => {
      const { rows: locked } = await client.query<{ balance: string }>('SELECT balance FROM balances WHERE workspace_id = $1 FOR UPDATE', [workspaceId]);
      const before = creditNumber(locked[0]?.balance ?? 0);
      const { rows: seen } = await client.query<{ id: string; reference: string; workspace_id: string }>(
        'SELECT id, reference, workspace_id FROM transactions WHERE reference = ANY($1::varchar[])',
        [charges.map((charge) => charge.reference)],
      );
      const earlier = new Map(seen.map((row) => [row.reference, row]));
      for (const row of seen) {
        if (row.workspace_id !== workspaceId) throw new AppError('CONFLICT', `Reference ${row.reference} belongs to another workspace`);
      }
      const fresh = charges.filter((charge) => !earlier.has(charge.reference));
      const accepted = fresh.slice(0, accept(before, fresh));
      let running = before;
      const rows = accepted.map((charge) => {
        running -= charge.amount;
        return { id: randomUUID(), reference: charge.reference, amount: -charge.amount, balanceAfter: running };
      });
      if (rows.length > 0) {
        await client.query(
          `INSERT INTO transactions (id, workspace_id, amount, reason, reference, balance_after)
           SELECT id, $1, amount, $2, reference, balance_after
           FROM unnest($3::uuid[], $4::bigint[], $5::varchar[], $6::bigint[]) WITH ORDINALITY AS r(id, amount, reference, balance_after, position)
           ORDER BY position`,
          [workspaceId, reason, rows.map((row) => row.id), rows.map((row) => row.amount), rows.map((row) => row.reference), rows.map((row) => row.balanceAfter)],
        );
        await client.query('UPDATE balances SET balance = $2, updated_at = now() WHERE workspace_id = $1', [workspaceId, running]);
      }
      const applied = new Map(rows.map((row) => [row.reference, row.id]));
      const outcomes = charges.map((charge): BatchChargeOutcome => {
        const before = earlier.get(charge.reference);
        if (before) return { status: 'applied', replayed: true, transactionId: before.id };
        const id = applied.get(charge.reference);
        return id ? { status: 'applied', replayed: false, transactionId: id } : { status: 'insufficient_balance' };
      });
      return { outcomes, balance: running };
    });
  }
}
