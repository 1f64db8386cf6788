import { Agent, request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Router } from 'express';
import { errorEnvelopeSchema } from '@radar/contracts';
import { createServiceApp, listen, type RunningServer } from '@radar/platform/http';
import { silentLogger } from '@radar/platform/testing';
import { startGateway, tokenFor, type TestGateway } from './gateway-harness';

/** A service on the platform's app (its body parsing and envelope), counting what reaches it. */
async function startCountingService() {
  let calls = 0;
  const router = Router();
  router.post('/companies/search', (req, res) => {
    calls += 1;
    res.json({ received: (req.body as unknown) ?? null });
  });
  router.get('/companies/:company_id', (req, res) => {
    calls += 1;
    res.json({ company_id: req.params.company_id });
  });
  const server = await listen(createServiceApp({ logger: silentLogger(), routes: router }), 0);
  return { server, calls: () => calls };
}

describe('the gateway and request bodies it streams through unread', () => {
  let service: Awaited<ReturnType<typeof startCountingService>>;
  let gateway: TestGateway;
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    service = await startCountingService();
    gateway = await startGateway({ upstreams: { search: service.server.url } });
    server = await listen(gateway.app, 0);
    token = (await tokenFor(gateway, 'read')).token;
  });
  afterAll(async () => {
    await server.close();
    await gateway.close();
    await service.server.close();
  });

  async function call(method: string, path: string, headers: Record<string, string> = {}, body?: string | Uint8Array) {
    const response = await fetch(`${server.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, ...headers }, body });
    return { status: response.status, requestId: response.headers.get('x-request-id'), body: (await response.json()) as unknown };
  }

  /** A chunked POST (no Content-Length), as a streaming client sends it; over `agent`'s connections if given. */
  function postChunked(path: string, contentType: string, chunks: string[], agent?: Agent): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': contentType, 'transfer-encoding': 'chunked' };
      const outgoing = httpRequest(`${server.url}/api/v1${path}`, { method: 'POST', headers, agent, timeout: 5_000 }, (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      });
      outgoing.on('error', reject);
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 5 s')));
      for (const chunk of chunks) outgoing.write(chunk);
      outgoing.end();
    });
  }

  const codeOf = (body: unknown) => errorEnvelopeSchema.parse(body).detail.code;

  it('answers a non-empty body that is not JSON with 415 itself, without sending it on', async () => {
    const before = service.calls();
    const answer = await call('POST', '/companies/search', { 'content-type': 'text/plain' }, '{"query":"x"}');
    expect(answer.status).toBe(415);
    expect(codeOf(answer.body)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(answer.requestId).toBeTruthy();
    expect(service.calls()).toBe(before);
  });

  it('answers a declared length over 1 MB with 413 itself, without sending it on', async () => {
    const before = service.calls();
    const answer = await call('POST', '/companies/search', { 'content-type': 'application/json' }, JSON.stringify({ query: 'x'.repeat(1_100_000) }));
    expect(answer.status).toBe(413);
    expect(codeOf(answer.body)).toBe('PAYLOAD_TOO_LARGE');
    expect(service.calls()).toBe(before);
  });

  it('passes an empty body of any type, and a JSON body, on to the service', async () => {
    expect(await call('POST', '/companies/search', { 'content-type': 'text/plain' }, '')).toMatchObject({ status: 200, body: { received: null } });
    expect(await call('POST', '/companies/search', { 'content-type': 'application/json' }, '{"query":"x"}')).toMatchObject({
      status: 200,
      body: { received: { query: 'x' } },
    });
  });

  it("leaves a chunked body to the service, whose 415 or 413 comes back through", async () => {
    const notJson = await postChunked('/companies/search', 'text/plain', ['{"query"', ':"x"}']);
    expect(notJson.status).toBe(415);
    expect(codeOf(notJson.body)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooLarge = await postChunked('/companies/search', 'application/json', [`{"query":"${'x'.repeat(600_000)}`, `${'x'.repeat(600_000)}"}`]);
    expect(tooLarge.status).toBe(413);
    expect(codeOf(tooLarge.body)).toBe('PAYLOAD_TOO_LARGE');
    const json = await postChunked('/companies/search', 'application/json', ['{"query"', ':"x"}']);
    expect(json).toEqual({ status: 200, body: { received: { query: 'x' } } });
  });

  it('keeps a keep-alive connection usable after the service refused a body before reading all of it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Array.from({ length: 20 }, () => 'x'.repeat(60_000));
      expect((await postChunked('/companies/search', 'text/plain', big, agent)).status).toBe(415);
      // The same connection: its next request must not wait behind the rest of the refused body.
      expect(await postChunked('/companies/search', 'application/json', ['{"query":"y"}'], agent)).toEqual({ status: 200, body: { received: { query: 'y' } } });
    } finally {
      agent.destroy();
    }
  });

  it('passes Content-Encoding on: a gzip body is read, a fake one is the service’s 422', async () => {
    const real = await call('POST', '/companies/search', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync('{"query":"z"}'));
    expect(real).toMatchObject({ status: 200, body: { received: { query: 'z' } } });
    const fake = await call('POST', '/companies/search', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, '{"query":"z"}');
    expect(fake.status).toBe(422);
    expect(codeOf(fake.body)).toBe('VALIDATION_ERROR');
    const unknown = await call('POST', '/companies/search', { 'content-type': 'application/json', 'content-encoding': 'snappy' }, '{"query":"z"}');
    expect(unknown.status).toBe(422);
  });

  it.each(['/companies/%FF', '/companies/%E0%A4%A/job-postings', '/monitors/%C0'])(
    'answers the undecodable path %s with 404 NOT_FOUND in the envelope',
    async (path) => {
      const answer = await call('GET', path, { 'x-request-id': 'trace-bad-path' });
      expect(answer.status).toBe(404);
      expect(answer.requestId).toBe('trace-bad-path');
      expect(codeOf(answer.body)).toBe('NOT_FOUND');
    },
  );

  it('answers a URL over the header limit with 431 in the envelope', async () => {
    const answer = await call('GET', `/companies/abc?filler=${'x'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.requestId).toBeTruthy();
    expect(codeOf(answer.body)).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
  });
});
