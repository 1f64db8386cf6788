import request from 'supertest';
import { startGateway, type TestGateway } from './gateway-harness';

describe('gateway with its database down', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    // Nothing listens on port 1: every token lookup fails to connect.
    gateway = await startGateway({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/radar_gateway', upstreams: { ledger: 'http://127.0.0.1:9' } });
  });
  afterAll(() => gateway.close());

  it('answers 503 SERVICE_UNAVAILABLE in the envelope, not 500, and names no internals', async () => {
    const response = await request(gateway.app).get('/api/v1/credits').set('Authorization', 'Bearer rdr_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response.status).toBe(503);
    expect(response.body.detail).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { request_id: expect.any(String) } });
    expect(JSON.stringify(response.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
  });

});
