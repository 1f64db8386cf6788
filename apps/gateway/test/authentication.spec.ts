import request from 'supertest';
import type { RunningServer } from '@radar/platform/http';
import { startEchoService, startGateway, tokenFor, type TestGateway } from './gateway-harness';

describe('gateway authentication and authorization', () => {
  let echo: RunningServer;
  let gateway: TestGateway;
  beforeAll(async () => {
    echo = await startEchoService();
    gateway = await startGateway({ upstreams: { ledger: echo.url, export: echo.url, 'monitor-scheduler': echo.url } });
  });
  afterAll(async () => {
    await gateway.close();
    await echo.close();
  });

  const expectNoRateLimitHeaders = (headers: Record<string, string>) => {
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'ratelimit', 'ratelimit-policy']) {
      expect(headers[name]).toBeUndefined();
    }
  };

  it('answers 401 MISSING_AUTH_HEADER without an Authorization header, without rate-limit headers', async () => {
    const response = await request(gateway.app).get('/api/v1/credits');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: { code: 'MISSING_AUTH_HEADER', message: expect.any(String) } });
    expectNoRateLimitHeaders(response.headers);
  });

  it.each([
    ['an unknown token', 'Bearer rdr_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed token', 'Bearer not-a-token'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 INVALID_TOKEN for %s', async (_label, authorization) => {
    const response = await request(gateway.app).get('/api/v1/credits').set('Authorization', authorization);
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('INVALID_TOKEN');
    expectNoRateLimitHeaders(response.headers);
  });

  it('answers 401 INVALID_TOKEN for a revoked token on its very next request', async () => {
    const { token, tokenId } = await tokenFor(gateway, 'read');
    expect((await request(gateway.app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    await gateway.operator.revoke(tokenId);
    const response = await request(gateway.app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('INVALID_TOKEN');
  });

  it('answers 401 TOKEN_EXPIRED for a token past its expiry', async () => {
    const { workspace_id, owner_user_id } = await gateway.operator.workspace();
    const { token } = await gateway.operator.token(owner_user_id, 'read', { expires_at: '2020-01-01T00:00:00Z' });
    const response = await request(gateway.app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('TOKEN_EXPIRED');
    expect(workspace_id).toBeDefined();
  });

  it('answers 403 INSUFFICIENT_SCOPE to a read token on POST /exports, and forwards a read_write one', async () => {
    const reader = await tokenFor(gateway, 'read');
    const refused = await request(gateway.app).post('/api/v1/exports').set('Authorization', `Bearer ${reader.token}`).send({ name: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail.code).toBe('INSUFFICIENT_SCOPE');
    expectNoRateLimitHeaders(refused.headers);

    const writer = await tokenFor(gateway, 'read_write');
    const accepted = await request(gateway.app).post('/api/v1/exports').set('Authorization', `Bearer ${writer.token}`).send({ name: 'x' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.url).toBe('/exports');
  });

  it('answers 403 INSUFFICIENT_SCOPE to a read token on a monitor change, before looking at the role', async () => {
    const { token } = await tokenFor(gateway, 'read', 'owner');
    const response = await request(gateway.app).patch('/api/v1/monitors/abc').set('Authorization', `Bearer ${token}`).send({});
    expect(response.status).toBe(403);
    expect(response.body.detail.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('lets any token read monitors but only an owner or admin with read_write change them', async () => {
    const member = await tokenFor(gateway, 'read_write', 'member');
    const read = await request(gateway.app).get('/api/v1/monitors').set('Authorization', `Bearer ${member.token}`);
    expect(read.status).toBe(200);
    const change = await request(gateway.app).post('/api/v1/monitors').set('Authorization', `Bearer ${member.token}`).send({});
    expect(change.status).toBe(403);
    expect(change.body.detail.code).toBe('WORKSPACE_EDIT_FORBIDDEN');

    for (const role of ['owner', 'admin'] as const) {
      const editor = await tokenFor(gateway, 'read_write', role);
      const response = await request(gateway.app).delete('/api/v1/monitors/m1').set('Authorization', `Bearer ${editor.token}`);
      expect(response.status).toBe(200);
      expect(response.body.caller.role).toBe(role);
    }
  });

  it('reads the role at request time: a demoted admin loses monitor changes on the next request, a promoted member gains them', async () => {
    const admin = await tokenFor(gateway, 'read_write', 'admin');
    const change = () => request(gateway.app).post('/api/v1/monitors').set('Authorization', `Bearer ${admin.token}`).send({});
    expect((await change()).status).toBe(200);
    await gateway.operator.setRole(admin.userId, 'member');
    const refused = await change();
    expect(refused.status).toBe(403);
    expect(refused.body.detail.code).toBe('WORKSPACE_EDIT_FORBIDDEN');
    await gateway.operator.setRole(admin.userId, 'admin');
    expect((await change()).status).toBe(200);
  });

  it('forwards the caller identity of the token, so each workspace sees only itself', async () => {
    const a = await tokenFor(gateway, 'read');
    const b = await tokenFor(gateway, 'read');
    const seenByA = await request(gateway.app).get('/api/v1/credits').set('Authorization', `Bearer ${a.token}`);
    const seenByB = await request(gateway.app).get('/api/v1/credits').set('Authorization', `Bearer ${b.token}`);
    expect(seenByA.body.caller).toMatchObject({ workspaceId: a.workspaceId, userId: a.userId, tokenId: a.tokenId, scope: 'read' });
    expect(seenByB.body.caller.workspaceId).toBe(b.workspaceId);
    expect(a.workspaceId).not.toBe(b.workspaceId);
  });

  it('answers 404 NOT_FOUND in the envelope for an unknown route, without rate-limit headers', async () => {
    const { token } = await tokenFor(gateway, 'read');
    for (const [method, path] of [
      ['get', '/api/v1/nothing-here'],
      ['delete', '/api/v1/credits'],
      ['get', '/api/v2/credits'],
    ] as const) {
      const response = await request(gateway.app)[method](path).set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(404);
      expect(response.body.detail.code).toBe('NOT_FOUND');
      expectNoRateLimitHeaders(response.headers);
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE at once for a service that is not deployed', async () => {
    const { token } = await tokenFor(gateway, 'read');
    const response = await request(gateway.app).post('/api/v1/companies/search').set('Authorization', `Bearer ${token}`).send({});
    expect(response.status).toBe(503);
    expect(response.body.detail.code).toBe('SERVICE_UNAVAILABLE');
  });
});
