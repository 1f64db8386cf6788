import { randomUUID } from 'node:crypto';
import { RPCS } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { startLedger } from './ledger-harness';

describe('ledger.rpc.charge_batch', () => {
  let ledger: Awaited<ReturnType<typeof startLedger>>;
  beforeAll(async () => {
    ledger = await startLedger();
  });
  afterAll(() => ledger.close());

  const batch = (workspaceId: string, charges: { reference: string; amount: number }[]) =>
    ledger.client.request(RPCS.ledger.chargeBatch, { workspaceId, reason: 'monitor_charge', charges });
  const ones = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => ({ reference: `${prefix}:${i}`, amount: 1 }));

  async function rowsOf(workspaceId: string) {
    const rows = await ledger.transactionsOf(workspaceId);
    return rows.map((row) => ({ reference: row.reference, amount: row.amount, balanceAfter: row.balance_after, reason: row.reason }));
  }

  it('takes each charge under its own reference, in order, with the running balance on each row', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 10);
    const reply = await batch(workspaceId, [
      { reference: 'b:1', amount: 1 },
      { reference: 'b:2', amount: 3 },
      { reference: 'b:3', amount: 1 },
    ]);
    expect(reply.balance).toBe(5);
    expect(reply.outcomes.map((outcome) => outcome.status)).toEqual(['applied', 'applied', 'applied']);
    expect((await rowsOf(workspaceId)).slice(1)).toEqual([
      { reference: 'b:1', amount: -1, balanceAfter: 9, reason: 'monitor_charge' },
      { reference: 'b:2', amount: -3, balanceAfter: 6, reason: 'monitor_charge' },
      { reference: 'b:3', amount: -1, balanceAfter: 5, reason: 'monitor_charge' },
    ]);
    expect((await ledger.client.request(RPCS.ledger.balance, { workspaceId })).balance).toBe(5);
  });

  it('refuses the first charge the balance cannot cover and every charge after it, taking nothing for them', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 4);
    const reply = await batch(workspaceId, [
      { reference: 'c:1', amount: 2 },
      { reference: 'c:2', amount: 3 },
      { reference: 'c:3', amount: 1 },
    ]);
    expect(reply.outcomes.map((outcome) => outcome.status)).toEqual(['applied', 'insufficient_balance', 'insufficient_balance']);
    expect(reply.balance).toBe(2);
    expect((await rowsOf(workspaceId)).map((row) => row.reference)).toEqual([expect.stringMatching(/^grant:/), 'c:1']);
  });

  it('replays charged references without moving credits, and charges the new ones among them', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 10);
    const first = await batch(workspaceId, ones('r', 3));
    const again = await batch(workspaceId, ones('r', 5));
    expect(again.outcomes.map((outcome) => (outcome.status === 'applied' ? outcome.replayed : 'refused'))).toEqual([true, true, true, false, false]);
    const ids = (outcomes: typeof first.outcomes) => outcomes.map((outcome) => (outcome.status === 'applied' ? outcome.transactionId : null));
    expect(ids(again.outcomes.slice(0, 3))).toEqual(ids(first.outcomes));
    expect(again.balance).toBe(5);
    const single = await ledger.client.request(RPCS.ledger.charge, { workspaceId, amount: 1, reason: 'monitor_charge', reference: 'r:4' });
    expect(single).toMatchObject({ status: 'applied', replayed: true, balance: 5 });
  });

  it('answers a workspace without credits with every charge refused', async () => {
    const reply = await batch(randomUUID(), ones('z', 2));
    expect(reply).toEqual({ outcomes: [{ status: 'insufficient_balance' }, { status: 'insufficient_balance' }], balance: 0 });
  });

  it('takes exactly the balance when batches and single charges race, each reference once', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 50);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, n) => batch(workspaceId, ones(`race:${n}`, 20))),
      ...Array.from({ length: 20 }, (_, n) => ledger.client.request(RPCS.ledger.charge, { workspaceId, amount: 1, reason: 'x', reference: `race:${n % 4}:${n}` })),
    ]);
    expect(answers.length).toBe(24);
    const rows = (await rowsOf(workspaceId)).slice(1);
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(50);
    expect((await ledger.client.request(RPCS.ledger.balance, { workspaceId })).balance).toBe(0);
  });

  it("refuses a batch naming another workspace's reference with CONFLICT, moving nothing", async () => {
    const owner = randomUUID();
    await ledger.grant(owner, 5);
    await batch(owner, [{ reference: 'taken', amount: 1 }]);
    const other = randomUUID();
    await ledger.grant(other, 5);
    const failure = await batch(other, [{ reference: 'mine', amount: 1 }, { reference: 'taken', amount: 1 }]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('CONFLICT');
    expect((await ledger.client.request(RPCS.ledger.balance, { workspaceId: other })).balance).toBe(5);
  });

  it.each([
    ['repeated references', [{ reference: 'd', amount: 1 }, { reference: 'd', amount: 1 }]],
    ['no charges', []],
    ['a zero amount', [{ reference: 'z', amount: 0 }]],
  ])('refuses %s as invalid before sending anything', async (_label, charges) => {
    const failure = await batch(randomUUID(), charges).catch((error: unknown) => error);
    expect((failure as Error).name).toBe('ZodError');
  });
});
