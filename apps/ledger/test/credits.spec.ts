import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { callerFor, identityHeaders, startLedger } from './ledger-harness';

describe('GET /credits', () => {
  let ledger: Awaited<ReturnType<typeof startLedger>>;
  beforeAll(async () => {
    ledger = await startLedger();
  });
  afterAll(() => ledger.close());

  const credits = (workspaceId: string) => request(ledger.app).get('/credits').set(identityHeaders(callerFor(workspaceId)));

  it('answers the balance and the transactions, newest first, with the fields of the contract', async () => {
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 100, `grant:${workspaceId}:1`);
    await ledger.charge(workspaceId, 30, `export:${workspaceId}:create`);
    const response = await credits(workspaceId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      workspace_id: workspaceId,
      balance: 70,
      recent_transactions: [
        { id: expect.any(String), amount: -30, reason: 'export_charge', reference: `export:${workspaceId}:create`, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
        { id: expect.any(String), amount: 100, reason: 'grant', reference: `grant:${workspaceId}:1`, created_at: expect.any(String) },
      ],
    });
  });

  it('lists at most the 20 most recent transactions, and the balance is the sum of all of them', async () => {
    const workspaceId = randomUUID();
    for (let i = 1; i <= 25; i += 1) await ledger.grant(workspaceId, i, `grant:${workspaceId}:${i}`);
    const response = await credits(workspaceId);
    expect(response.body.balance).toBe((25 * 26) / 2);
    expect(response.body.recent_transactions).toHaveLength(20);
    expect(response.body.recent_transactions.map((t: { amount: number }) => t.amount)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
  });

  it('shows a workspace only its own credits', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await ledger.grant(a, 5, `grant:${a}`);
    await ledger.grant(b, 9, `grant:${b}`);
    const seenByA = await credits(a);
    expect(seenByA.body.balance).toBe(5);
    expect(seenByA.body.recent_transactions.map((t: { reference: string }) => t.reference)).toEqual([`grant:${a}`]);
  });

  it('answers a workspace without transactions with a zero balance', async () => {
    const workspaceId = randomUUID();
    expect((await credits(workspaceId)).body).toEqual({ workspace_id: workspaceId, balance: 0, recent_transactions: [] });
  });

  it('refuses a request that did not come through the gateway', async () => {
    const response = await request(ledger.app).get('/credits');
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('INVALID_TOKEN');
  });
});
