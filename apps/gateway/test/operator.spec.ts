import request from 'supertest';
import { startGateway, OPERATOR_SECRET, type TestGateway } from './gateway-harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('operator interface', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  const post = (path: string, body: object, secret = OPERATOR_SECRET) =>
    request(gateway.operatorApp).post(`/operator/v1${path}`).set('Authorization', `Bearer ${secret}`).send(body);

  it('refuses callers without the operator secret', async () => {
    const none = await request(gateway.operatorApp).post('/operator/v1/workspaces').send({ name: 'x' });
    const wrong = await post('/workspaces', { name: 'x' }, 'not-the-secret');
    for (const response of [none, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body.detail.code).toBe('OPERATOR_UNAUTHORIZED');
    }
  });

  it('is not reachable through the public /api/v1 app', async () => {
    const response = await request(gateway.app).post('/operator/v1/workspaces').set('Authorization', `Bearer ${OPERATOR_SECRET}`).send({ name: 'x' });
    expect(response.status).toBe(404);
  });

  it('creates a workspace with its owner', async () => {
    const response = await post('/workspaces', { name: 'Acme' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ workspace_id: expect.any(String), owner_user_id: expect.any(String) });
    const { rows: owners } = await gateway.pool.query('SELECT workspace_id, role FROM users WHERE id = $1', [response.body.owner_user_id]);
    expect(owners).toEqual([{ workspace_id: response.body.workspace_id, role: 'owner' }]);
  });

  it('leaves no workspace behind when the opening credits cannot be granted', async () => {
    // No ledger answers in this test's NATS namespace.
    const workspaceCount = async () => (await gateway.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM workspaces')).rows[0]!.count;
    const before = await workspaceCount();
    const response = await post('/workspaces', { name: 'Short-lived', credits: 10 });
    expect(response.status).toBe(503);
    expect(response.body.detail.code).toBe('SERVICE_UNAVAILABLE');
    expect(await workspaceCount()).toBe(before);
  }, 15_000);

  it('rejects unknown body fields and bad values with 422 naming the field', async () => {
    const unknown = await post('/workspaces', { name: 'x', plan: 'gold' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail.message).toContain('plan');
    const badRole = await post('/users', { workspace_id: '6d1f0a5e-4a0e-4c55-9f57-3b3f1f7c7c11', role: 'king' });
    expect(badRole.status).toBe(422);
    expect(badRole.body.detail.message).toContain('role');
  });

  it('answers a user or token path id that names nothing (not an id, a NUL) with 404, and a field on a revoke with 422', async () => {
    for (const id of ['not-a-uuid', '%00', '6d1f0a5e-4a0e-4c55-9f57-3b3f1f7c7c11%00']) {
      const role = await request(gateway.operatorApp).patch(`/operator/v1/users/${id}`).set('Authorization', `Bearer ${OPERATOR_SECRET}`).send({ role: 'admin' });
      expect(role.status).toBe(404);
      expect(role.body.detail.code).toBe('NOT_FOUND');
      expect((await post(`/tokens/${id}/revoke`, {})).status).toBe(404);
    }
    const unknown = await post('/tokens/6d1f0a5e-4a0e-4c55-9f57-3b3f1f7c7c11/revoke', { reason: 'leaked' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail.message).toBe('body field "reason": unknown field');
  });

  it('refuses to demote the only owner of a workspace, and allows it once there is another', async () => {
    const { workspace_id, owner_user_id } = await gateway.operator.workspace();
    const demote = () =>
      request(gateway.operatorApp).patch(`/operator/v1/users/${owner_user_id}`).set('Authorization', `Bearer ${OPERATOR_SECRET}`).send({ role: 'admin' });
    const refused = await demote();
    expect(refused.status).toBe(409);
    expect(refused.body.detail.code).toBe('CONFLICT');
    const second = await gateway.operator.user(workspace_id, 'owner');
    expect(second.user_id).toBeDefined();
    const accepted = await demote();
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ user_id: owner_user_id, role: 'admin' });
  });

  it('keeps one owner when two owners are demoted at the same moment', async () => {
    const { workspace_id, owner_user_id } = await gateway.operator.workspace();
    const second = await gateway.operator.user(workspace_id, 'owner');
    const demote = (userId: string) =>
      request(gateway.operatorApp).patch(`/operator/v1/users/${userId}`).set('Authorization', `Bearer ${OPERATOR_SECRET}`).send({ role: 'member' });
    const answers = await Promise.all([demote(owner_user_id), demote(second.user_id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { rows } = await gateway.pool.query(`SELECT count(*)::int AS owners FROM users WHERE workspace_id = $1 AND role = 'owner'`, [workspace_id]);
    expect(rows).toEqual([{ owners: 1 }]);
  });

  it('answers 404 for a user of an unknown workspace', async () => {
    const response = await post('/users', { workspace_id: '6d1f0a5e-4a0e-4c55-9f57-3b3f1f7c7c11', role: 'member' });
    expect(response.status).toBe(404);
  });

  describe('token creation', () => {
    let userId: string;
    beforeAll(async () => {
      userId = (await gateway.operator.workspace()).owner_user_id;
    });
    const create = (extra: object) => post('/tokens', { user_id: userId, name: 'ci', scope: 'read', ...extra });

    it('defaults to 90 days and stores only a hash of the rdr_ token', async () => {
      const before = Date.now();
      const response = await create({});
      expect(response.status).toBe(201);
      expect(response.body.token).toMatch(/^rdr_[A-Za-z0-9_-]{32,}$/);
      const expiresAt = Date.parse(response.body.expires_at);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * DAY_MS);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS);
      const { rows: stored } = await gateway.pool.query('SELECT * FROM api_tokens WHERE id = $1', [response.body.token_id]);
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored[0])).not.toContain(response.body.token);
    });

    it.each([1, 365])('accepts expires_in_days %i', async (days) => {
      const response = await create({ expires_in_days: days });
      expect(response.status).toBe(201);
      expect(Math.round((Date.parse(response.body.expires_at) - Date.now()) / DAY_MS)).toBe(days);
    });

    it.each([0, 366, 1.5])('refuses expires_in_days %s with 422', async (days) => {
      const response = await create({ expires_in_days: days });
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toContain('expires_in_days');
    });

    it('gives a permanent token only with never_expires', async () => {
      const response = await create({ never_expires: true });
      expect(response.status).toBe(201);
      expect(response.body.expires_at).toBeNull();
    });

    it('refuses never_expires together with expires_in_days', async () => {
      const response = await create({ never_expires: true, expires_in_days: 30 });
      expect(response.status).toBe(422);
      expect(response.body.detail.code).toBe('VALIDATION_ERROR');
    });

    it('answers 404 for an unknown user', async () => {
      const response = await post('/tokens', { user_id: '6d1f0a5e-4a0e-4c55-9f57-3b3f1f7c7c11', name: 'x', scope: 'read' });
      expect(response.status).toBe(404);
    });
  });
});
