import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '@radar/platform/database';
import { createTestDatabase, type TestDatabase } from '@radar/platform/testing';
import { chargeBatch } from '../src/use-cases/charge-batch';
import { chargeCredits } from '../src/use-cases/charge-credits';
import { getBalance } from '../src/use-cases/get-credits';
import { grantCredits } from '../src/use-cases/grant-credits';
import { refundCharge } from '../src/use-cases/refund-charge';

describe('the ledger use cases, against PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    database = await createTestDatabase('ledger_use_cases', path.join(__dirname, '../prisma/migrations'));
    pool = createPool(database.url);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const transactionsOf = async (workspaceId: string) =>
    (await pool.query<{ amount: string }>('SELECT amount FROM transactions WHERE workspace_id = $1 ORDER BY seq', [workspaceId])).rows.map((row) => Number(row.amount));

  const funded = async (amount: number): Promise<string> => {
    const workspaceId = randomUUID();
    await grantCredits({ pool }, { workspaceId, amount, reason: 'grant', reference: `grant:${workspaceId}` });
    return workspaceId;
  };

  it('answers a charge replayed with the same reference with the first transaction, and charges once', async () => {
    const workspaceId = await funded(10);
    const charge = { workspaceId, amount: 3, reason: 'export_charge', reference: `export:${workspaceId}` };
    const first = await chargeCredits({ pool }, charge);
    const again = await chargeCredits({ pool }, charge);
    expect(first).toMatchObject({ status: 'applied', replayed: false, balance: 7 });
    expect(again).toMatchObject({ status: 'applied', replayed: true, balance: 7 });
    expect(again.status === 'applied' && first.status === 'applied' && again.transaction.id === first.transaction.id).toBe(true);
    expect(await transactionsOf(workspaceId)).toEqual([10, -3]);
  });

  it('charges once when the same charge arrives twenty times at once', async () => {
    const workspaceId = await funded(10);
    const charge = { workspaceId, amount: 4, reason: 'export_charge', reference: `export:${workspaceId}` };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => chargeCredits({ pool }, charge)));
    expect(outcomes.filter((outcome) => outcome.status === 'applied' && !outcome.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => (outcome.status === 'applied' ? outcome.transaction.id : outcome.status))).size).toBe(1);
    expect((await getBalance({ pool }, workspaceId)).balance).toBe(6);
  });

  it('refuses a charge the balance does not cover whole, and takes nothing', async () => {
    const workspaceId = await funded(5);
    const outcome = await chargeCredits({ pool }, { workspaceId, amount: 6, reason: 'export_charge', reference: `export:${workspaceId}` });
    expect(outcome).toEqual({ status: 'insufficient_balance', balance: 5, shortfall: 1 });
    expect(await transactionsOf(workspaceId)).toEqual([5]);
  });

  it('refuses a reference that another workspace used, with CONFLICT', async () => {
    const owner = await funded(5);
    const other = await funded(5);
    await expect(chargeCredits({ pool }, { workspaceId: other, amount: 1, reason: 'export_charge', reference: `grant:${owner}` })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await transactionsOf(other)).toEqual([5]);
  });

  it('refuses a refund without a charge as charge_not_found, and moves nothing', async () => {
    const workspaceId = await funded(5);
    const refund = (chargeReference: string) =>
      refundCharge({ pool }, { workspaceId, chargeReference, reason: 'export_refund', reference: `${chargeReference}:refund` });
    expect(await refund(`export:${workspaceId}:never-charged`)).toEqual({ status: 'charge_not_found' });
    // A grant is not a charge: it cannot be refunded.
    expect(await refund(`grant:${workspaceId}`)).toEqual({ status: 'charge_not_found' });
    expect(await transactionsOf(workspaceId)).toEqual([5]);
  });

  it('refunds a charge once, whatever reference each refund carries', async () => {
    const workspaceId = await funded(5);
    await chargeCredits({ pool }, { workspaceId, amount: 2, reason: 'export_charge', reference: `export:${workspaceId}` });
    const refunds = await Promise.all(
      ['a', 'b', 'c'].map((suffix) =>
        refundCharge({ pool }, { workspaceId, chargeReference: `export:${workspaceId}`, reason: 'export_refund', reference: `refund:${workspaceId}:${suffix}` }),
      ),
    );
    expect(refunds.filter((outcome) => outcome.status === 'applied' && !outcome.replayed)).toHaveLength(1);
    expect(await transactionsOf(workspaceId)).toEqual([5, -2, 2]);
  });

  it('takes a batch in order until the balance runs out, and a replayed batch takes nothing more', async () => {
    const workspaceId = await funded(2);
    const input = { workspaceId, reason: 'monitor_charge', charges: ['a', 'b', 'c'].map((name) => ({ reference: `check:${workspaceId}:${name}`, amount: 1 })) };
    const first = await chargeBatch({ pool }, input);
    expect(first.outcomes.map((outcome) => outcome.status)).toEqual(['applied', 'applied', 'insufficient_balance']);
    const again = await chargeBatch({ pool }, input);
    expect(again.outcomes).toEqual([...first.outcomes.slice(0, 2).map((outcome) => ({ ...outcome, replayed: true })), { status: 'insufficient_balance' }]);
    expect(await transactionsOf(workspaceId)).toEqual([2, -1, -1]);
  });
});
