import { randomUUID } from 'node:crypto';
import { RPCS } from '@radar/contracts';
import { startLedger } from './ledger-harness';

describe('ledger request API over NATS', () => {
  let ledger: Awaited<ReturnType<typeof startLedger>>;
  beforeAll(async () => {
    ledger = await startLedger();
  });
  afterAll(() => ledger.close());

  async function sumOfTransactions(workspaceId: string): Promise<number> {
    return (await ledger.transactionsOf(workspaceId)).reduce((sum, row) => sum + row.amount, 0);
  }

  it('charges once per reference: a repeated reference returns the first outcome and moves nothing', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 10);
    const first = await ledger.charge(workspaceId, 3, 'export:e1:create');
    const again = await ledger.charge(workspaceId, 3, 'export:e1:create');
    expect(first).toMatchObject({ status: 'applied', replayed: false, balance: 7 });
    expect(again).toMatchObject({ status: 'applied', replayed: true, balance: 7 });
    if (first.status !== 'applied' || again.status !== 'applied') throw new Error('unreachable');
    expect(again.transaction.id).toBe(first.transaction.id);
    expect(first.transaction.amount).toBe(-3);
    expect(await sumOfTransactions(workspaceId)).toBe(7);
  });

  it('refuses a charge the balance cannot cover in full, and takes nothing', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 5);
    const outcome = await ledger.charge(workspaceId, 6, `export:${randomUUID()}:create`);
    expect(outcome).toEqual({ status: 'insufficient_balance', balance: 5, shortfall: 1 });
    const balance = await ledger.client.request(RPCS.ledger.balance, { workspaceId });
    expect(balance.balance).toBe(5);
    expect(await ledger.transactionsOf(workspaceId)).toHaveLength(1);
  });

  it('treats a workspace with no credits as a zero balance', async () => {
    const outcome = await ledger.charge(randomUUID(), 1, `export:${randomUUID()}:create`);
    expect(outcome).toEqual({ status: 'insufficient_balance', balance: 0, shortfall: 1 });
  });

  it('lets 50 concurrent charges of 1 against a balance of 20 take exactly 20', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 20);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ledger.charge(workspaceId, 1, `monitor:m:2026-11-21:d${i}.com:news_events`)),
    );
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(20);
    expect(outcomes.filter((o) => o.status === 'insufficient_balance')).toHaveLength(30);
    const { balance } = await ledger.client.request(RPCS.ledger.balance, { workspaceId });
    expect(balance).toBe(0);
    expect(await sumOfTransactions(workspaceId)).toBe(0);
    expect((await ledger.transactionsOf(workspaceId)).filter((row) => row.amount === -1)).toHaveLength(20);
  });

  it('records a refund as a positive transaction with its reason, once per charge', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 10);
    await ledger.charge(workspaceId, 4, 'export:e2:create');
    const refund = await ledger.client.request(RPCS.ledger.refund, {
      workspaceId,
      chargeReference: 'export:e2:create',
      reason: 'export_refund',
      reference: 'export:e2:refund',
    });
    expect(refund).toMatchObject({ status: 'applied', replayed: false, balance: 10 });
    if (refund.status !== 'applied') throw new Error('unreachable');
    expect(refund.transaction).toMatchObject({ amount: 4, reason: 'export_refund', reference: 'export:e2:refund' });

    const underAnotherReference = await ledger.client.request(RPCS.ledger.refund, {
      workspaceId,
      chargeReference: 'export:e2:create',
      reason: 'export_refund',
      reference: 'export:e2:refund-again',
    });
    expect(underAnotherReference).toMatchObject({ status: 'applied', replayed: true, balance: 10 });
    expect(await sumOfTransactions(workspaceId)).toBe(10);
  });

  it('refuses to refund a charge of another workspace or one that does not exist', async () => {
    const owner = randomUUID();
    await ledger.grant(owner, 5);
    await ledger.charge(owner, 2, 'export:e3:create');
    const stranger = randomUUID();
    const outcome = await ledger.client.request(RPCS.ledger.refund, {
      workspaceId: stranger,
      chargeReference: 'export:e3:create',
      reason: 'export_refund',
      reference: 'export:e3:refund',
    });
    expect(outcome).toEqual({ status: 'charge_not_found' });
    expect(await sumOfTransactions(stranger)).toBe(0);
  });

  it('records grants as positive transactions with their reason and is idempotent on the reference', async () => {
    const workspaceId = randomUUID();
    const first = await ledger.grant(workspaceId, 25, 'grant:operator:g1');
    const again = await ledger.grant(workspaceId, 25, 'grant:operator:g1');
    expect(first).toMatchObject({ status: 'applied', replayed: false, balance: 25 });
    expect(again).toMatchObject({ status: 'applied', replayed: true, balance: 25 });
    if (first.status !== 'applied') throw new Error('unreachable');
    expect(first.transaction).toMatchObject({ amount: 25, reason: 'grant' });
  });

  it('answers a malformed request with VALIDATION_ERROR rather than moving credits', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 5);
    const reply = await ledger.client.connection.request(
      ledger.client.subject(RPCS.ledger.charge.subject),
      Buffer.from(JSON.stringify({ workspaceId, amount: -5, reason: 'x', reference: 'r' })),
    );
    const envelope = JSON.parse(Buffer.from(reply.data).toString('utf8'));
    expect(envelope).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    expect(await sumOfTransactions(workspaceId)).toBe(5);
  });
});
