import request from 'supertest';
import { buildOpenApiDocument } from '@radar/api-spec';
import { startGateway, type TestGateway } from './gateway-harness';

describe('the API reference: the OpenAPI document and the page that renders it', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('serves the OpenAPI document at /api/v1/openapi.json without a token, as generated from the contracts', async () => {
    const response = await request(gateway.app).get('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-request-id']).toBeDefined();
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    expect(response.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(response.body.openapi).toBe('3.1.0');
  });

  it('serves the reference page at /docs, loading only its own renderer and document', async () => {
    const page = await request(gateway.app).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.text).toContain('data-url="/api/v1/openapi.json"');
    const scripts = [...page.text.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/docs/assets/api-reference.js']);

    const renderer = await request(gateway.app).get('/docs/assets/api-reference.js');
    expect(renderer.status).toBe(200);
    expect(renderer.headers['content-type']).toMatch(/javascript/);
    expect(renderer.text.length).toBeGreaterThan(1_000_000);
  });

  it('still asks for a token everywhere else under /api/v1', async () => {
    const response = await request(gateway.app).get('/api/v1/credits');
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('MISSING_AUTH_HEADER');
  });
});
