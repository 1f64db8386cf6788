import request from 'supertest';
import type { RunningServer } from '@radar/platform/http';
import { startEchoService, startGateway, tokenFor, type TestGateway } from './gateway-harness';

describe("the catalogue's public paths outside /api/v1 (the MCP endpoint)", () => {
  let echo: RunningServer;
  let gateway: TestGateway;
  let token: string;
  beforeAll(async () => {
    echo = await startEchoService();
    gateway = await startGateway({ upstreams: { mcp: echo.url } });
    token = (await tokenFor(gateway, 'read')).token;
  });
  afterAll(async () => {
    await gateway.close();
    await echo.close();
  });

  it("forwards /mcp to the mcp service with the caller's bearer token and its signed identity, without rate-limit headers", async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const response = await request(gateway.app).post('/mcp').set('Authorization', `Bearer ${token}`).send(message);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ method: 'POST', url: '/mcp', body: message, caller: { scope: 'read' } });
    expect(response.body.headers.authorization).toBe(`Bearer ${token}`);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('refuses no token and an unknown token with 401 in the envelope and WWW-Authenticate: Bearer, before the service sees anything', async () => {
    const missing = await request(gateway.app).post('/mcp').send({});
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.body.detail.code).toBe('MISSING_AUTH_HEADER');
    const unknown = await request(gateway.app).post('/mcp').set('Authorization', 'Bearer rdr_unknown0000000000000000000000000').send({});
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toBe('Bearer');
    expect(unknown.body.detail.code).toBe('INVALID_TOKEN');
  });
});
