import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RPCS } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { callerFor, identityHeaders, startLedger } from './ledger-harness';

const PAST_32_BITS = 2_147_483_648;
const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

describe('credits past 32 bits', () => {
  let ledger: Awaited<ReturnType<typeof startLedger>>;
  beforeAll(async () => {
    ledger = await startLedger();
  });
  afterAll(() => ledger.close());

  const credits = (workspaceId: string) => request(ledger.app).get('/credits').set(identityHeaders(callerFor(workspaceId)));
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it.each([PAST_32_BITS, 4_294_967_296, 123_456_789_012_345, MAX_BALANCE])(
    'grants %d and reads the balance and the transaction back exactly',
    async (amount) => {
      const workspaceId = randomUUID();
      const outcome = await ledger.grant(workspaceId, amount);
      expect(outcome).toMatchObject({ status: 'applied', balance: amount, transaction: { amount } });
      expect(await ledger.balanceOf(workspaceId)).toBe(amount);
      const response = await credits(workspaceId);
      expect(response.status).toBe(200);
      expect(response.body.balance).toBe(amount);
      expect(response.body.recent_transactions.map((t: { amount: number }) => t.amount)).toEqual([amount]);
    },
  );

  it('adds grants past 32 bits exactly and charges past 32 bits all or nothing', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, PAST_32_BITS);
    await ledger.grant(workspaceId, PAST_32_BITS + 1);
    expect(await ledger.balanceOf(workspaceId)).toBe(2 * PAST_32_BITS + 1);

    expect(await ledger.charge(workspaceId, 2 * PAST_32_BITS + 2)).toEqual({
      status: 'insufficient_balance',
      balance: 2 * PAST_32_BITS + 1,
      shortfall: 1,
    });
    expect(await ledger.charge(workspaceId, PAST_32_BITS + 7)).toMatchObject({ status: 'applied', balance: PAST_32_BITS - 6, transaction: { amount: -(PAST_32_BITS + 7) } });
    expect((await credits(workspaceId)).body.recent_transactions.map((t: { amount: number }) => t.amount)).toEqual([
      -(PAST_32_BITS + 7),
      PAST_32_BITS + 1,
      PAST_32_BITS,
    ]);
  });

  it('refunds a charge past 32 bits in full', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 3 * PAST_32_BITS);
    const reference = `export:${randomUUID()}:create`;
    await ledger.charge(workspaceId, 2 * PAST_32_BITS, reference);
    const refund = await ledger.client.request(RPCS.ledger.refund, {
      workspaceId,
      chargeReference: reference,
      reason: 'export_refund',
      reference: `${reference}:refund`,
    });
    expect(refund).toMatchObject({ status: 'applied', balance: 3 * PAST_32_BITS, transaction: { amount: 2 * PAST_32_BITS } });
  });

  it('answers a grant that would take the balance past Number.MAX_SAFE_INTEGER with 422, and moves nothing', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, MAX_BALANCE - 10);
    const error = await refusal(ledger.grant(workspaceId, 11));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', details: { balance: MAX_BALANCE - 10, amount: 11, max_balance: MAX_BALANCE } });
    expect((error as Error).message).toMatch(/^amount: 11 would take the balance of 9007199254740981 past the largest balance/);
    expect(await ledger.balanceOf(workspaceId)).toBe(MAX_BALANCE - 10);
    expect(await ledger.transactionsOf(workspaceId)).toHaveLength(1);

    expect(await ledger.grant(workspaceId, 10)).toMatchObject({ status: 'applied', balance: MAX_BALANCE });
  });

  it('refuses a refund that would pass the largest balance the same way, so it can be retried after a charge', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 100);
    const reference = `export:${randomUUID()}:create`;
    await ledger.charge(workspaceId, 60, reference);
    await ledger.grant(workspaceId, MAX_BALANCE - 40);
    const refund = { workspaceId, chargeReference: reference, reason: 'export_refund', reference: `${reference}:refund` };
    expect(await refusal(ledger.client.request(RPCS.ledger.refund, refund))).toMatchObject({ code: 'VALIDATION_ERROR' });
    await ledger.charge(workspaceId, 60);
    expect(await ledger.client.request(RPCS.ledger.refund, refund)).toMatchObject({ status: 'applied', balance: MAX_BALANCE - 60 + 60 });
  });

  it('refuses amounts past Number.MAX_SAFE_INTEGER before they reach the database', async () => {
    const reply = await ledger.client.connection.request(
      ledger.client.subject(RPCS.ledger.grant.subject),
      Buffer.from(`{"workspaceId":"${randomUUID()}","amount":9007199254740993,"reason":"grant","reference":"r-${randomUUID()}"}`),
    );
    expect(JSON.parse(Buffer.from(reply.data).toString('utf8'))).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('holds the largest balance in the database too: a direct UPDATE past it violates the CHECK', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, MAX_BALANCE);
    await expect(ledger.pool.query('UPDATE balances SET balance = balance + 1 WHERE workspace_id = $1', [workspaceId])).rejects.toThrow(
      /balances_balance_within_safe_integer/,
    );
  });
});
