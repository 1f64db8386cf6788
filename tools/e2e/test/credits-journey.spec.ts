import { createToken, createWorkspace, workspaceWithToken } from '../src/operator-world';
import { callApi, getCredits } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

describe('credits through the operator CLI and the public API', () => {
  const stack = useStack();

  it('shows opening credits, then a grant newest first, and refuses the token once revoked', async () => {
    const workspace = await createWorkspace(stack(), 'Journey', 100);
    const token = await createToken(stack(), workspace.owner_user_id, 'read');

    const opening = await getCredits(stack(), token.token);
    expect(opening.status).toBe(200);
    expect(opening.body.workspace_id).toBe(workspace.workspace_id);
    expect(opening.body.balance).toBe(100);
    expect(opening.body.recent_transactions).toHaveLength(1);
    expect(opening.body.recent_transactions[0]).toMatchObject({ amount: 100, reason: 'grant' });

    const granted = await radar(stack(), 'credits', 'grant', '--workspace', workspace.workspace_id, '--amount', '50');
    expect(granted).toEqual({ workspace_id: workspace.workspace_id, balance: 150 });

    const afterGrant = await getCredits(stack(), token.token);
    expect(afterGrant.body.balance).toBe(150);
    expect(afterGrant.body.recent_transactions.map((t) => [t.amount, t.reason])).toEqual([
      [50, 'grant'],
      [100, 'grant'],
    ]);
    const [newest, oldest] = afterGrant.body.recent_transactions.map((t) => Date.parse(t.created_at));
    expect(newest).toBeGreaterThanOrEqual(oldest ?? Infinity);

    await radar(stack(), 'token', 'revoke', '--token-id', token.token_id);
    const revoked = await getCredits(stack(), token.token);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ detail: { code: 'INVALID_TOKEN' } });
  });

  it("keeps workspaces apart: each token sees only its own workspace's balance and transactions", async () => {
    const [a, b] = await Promise.all([workspaceWithToken(stack(), { credits: 30 }), workspaceWithToken(stack(), { credits: 70 })]);
    await radar(stack(), 'credits', 'grant', '--workspace', b.workspace_id, '--amount', '5');

    const [seenByA, seenByB] = await Promise.all([getCredits(stack(), a.token.token), getCredits(stack(), b.token.token)]);
    expect(seenByA.body).toMatchObject({ workspace_id: a.workspace_id, balance: 30 });
    expect(seenByB.body).toMatchObject({ workspace_id: b.workspace_id, balance: 75 });
    expect(seenByA.body.recent_transactions.map((t) => t.amount)).toEqual([30]);
    expect(seenByB.body.recent_transactions.map((t) => t.amount)).toEqual([5, 70]);
    const idsOfA = new Set(seenByA.body.recent_transactions.map((t) => t.id));
    expect(seenByB.body.recent_transactions.some((t) => idsOfA.has(t.id))).toBe(false);
  });

  it('answers 401 MISSING_AUTH_HEADER without a token and 401 INVALID_TOKEN for an unknown one', async () => {
    const missing = await callApi(stack(), 'GET', '/credits', undefined);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ detail: { code: 'MISSING_AUTH_HEADER' } });
    const unknown = await getCredits(stack(), `rdr_${'x'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ detail: { code: 'INVALID_TOKEN' } });
  });
});
