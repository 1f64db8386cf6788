import request from 'supertest';
import type { RunningServer } from '@radar/platform/http';
import { closedPortUrl, startEchoService, startGateway, tokenFor, type TestGateway } from './gateway-harness';

describe('forwarding to services', () => {
  let echo: RunningServer;
  let gateway: TestGateway;
  let token: string;
  beforeAll(async () => {
    echo = await startEchoService();
    gateway = await startGateway({ upstreams: { ledger: echo.url, search: echo.url, export: await closedPortUrl() } });
    token = (await tokenFor(gateway, 'read')).token;
  });
  afterAll(async () => {
    await gateway.close();
    await echo.close();
  });

  it('passes method, path, query and body through, without the caller credentials', async () => {
    const body = { query: 'payments', countries: ['Germany'], nested: { deep: [1, 2, 3] } };
    const response = await request(gateway.app)
      .post('/api/v1/companies/search?trace=1')
      .set('Authorization', `Bearer ${token}`)
      .set('Cookie', 'session=abc')
      .send(body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ method: 'POST', url: '/companies/search?trace=1', body });
    expect(response.body.headers.authorization).toBeUndefined();
    expect(response.body.headers.cookie).toBeUndefined();
  });

  it('drops an identity forged by the client and signs its own', async () => {
    const response = await request(gateway.app)
      .get('/api/v1/credits')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Radar-Caller', 'forged')
      .set('X-Radar-Caller-Signature', 'forged');
    expect(response.status).toBe(200);
    expect(response.body.caller.tokenId).toBeDefined();
  });

  it('echoes the caller X-Request-Id and hands it to the service; makes one when absent', async () => {
    const given = await request(gateway.app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`).set('X-Request-Id', 'req-123');
    expect(given.headers['x-request-id']).toBe('req-123');
    expect(given.body.headers['x-request-id']).toBe('req-123');
    const made = await request(gateway.app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 SERVICE_UNAVAILABLE in the envelope when the service does not answer', async () => {
    const response = await request(gateway.app).get('/api/v1/exports/abc').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(503);
    expect(response.body.detail).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { request_id: expect.any(String) } });
  });

  it('passes a large answer through whole (streamed rather than buffered)', async () => {
    const response = await request(gateway.app).get('/api/v1/companies/abc?pad=300000').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.body.padding).toHaveLength(300_000);
    expect(response.headers['x-ratelimit-limit']).toBe('120');
  });

  it('streams the service answer through with its status and content type', async () => {
    const response = await request(gateway.app).get('/api/v1/companies/abc?status=404').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
