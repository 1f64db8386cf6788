import { Agent, request as httpRequest } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { Router } from 'express';
import { errorEnvelopeSchema } from '@radar/contracts';
import { silentLogger } from '../testing';
import { createServiceApp } from './app';
import { listen, type RunningServer } from './listen';

function echoRoutes(): Router {
  const router = Router();
  router.post('/echo', (req, res) => {
    res.json({ received: (req.body as unknown) ?? null });
  });
  router.get('/echo', (_req, res) => {
    res.json({ read: true });
  });
  router.delete('/echo', (_req, res) => {
    res.status(204).end();
  });
  return router;
}

const app = createServiceApp({ logger: silentLogger(), routes: echoRoutes(), jsonLimitBytes: 1024 });

const detailOf = (body: unknown) => errorEnvelopeSchema.parse(body).detail;

let server: RunningServer;
beforeAll(async () => {
  server = await listen(app, 0);
});
afterAll(() => server.close());

/** A POST /echo over a real connection, headers and bytes exactly as given. */
async function post(headers: Record<string, string>, body?: string | Uint8Array) {
  const response = await fetch(`${server.url}/echo`, { method: 'POST', headers, body });
  return { status: response.status, requestId: response.headers.get('x-request-id'), body: (await response.json()) as unknown };
}

/** Sends a chunked body (no Content-Length), as a streaming client does; over `agent`'s connections if given. */
function sendChunked(contentType: string | undefined, chunks: string[], agent?: Agent): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'transfer-encoding': 'chunked' };
    if (contentType) headers['content-type'] = contentType;
    const outgoing = httpRequest(`${server.url}/echo`, { method: 'POST', headers, agent, timeout: 5_000 }, (incoming) => {
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

describe('jsonBodies: media type', () => {
  it.each([
    ['text/plain', '{"query":"x"}'],
    ['application/x-www-form-urlencoded', 'query=x'],
    ['application/xml', '<query>x</query>'],
    ['application/jsonp', '{"query":"x"}'],
  ])('answers a non-empty %s body with 415 UNSUPPORTED_MEDIA_TYPE naming the type', async (type, body) => {
    const response = await post({ 'content-type': type }, body);
    expect(response.status).toBe(415);
    expect(response.requestId).toBeTruthy();
    const detail = detailOf(response.body);
    expect(detail.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(detail.message).toContain(type);
  });

  it('answers a non-empty body without any Content-Type with 415', async () => {
    const response = await post({}, Buffer.from('{"a":1}'));
    expect(response.status).toBe(415);
    expect(detailOf(response.body).message).toBe('A request body needs Content-Type: application/json');
  });

  it('takes an empty body of any media type, or none, as no body', async () => {
    expect(await post({})).toMatchObject({ status: 200, body: { received: null } });
    expect(await post({ 'content-type': 'text/plain' }, '')).toMatchObject({ status: 200, body: { received: null } });
  });

  it('parses application/json with a charset parameter', async () => {
    const response = await post({ 'content-type': 'application/json; charset=utf-8' }, '{"a":[1,2]}');
    expect(response.body).toEqual({ received: { a: [1, 2] } });
  });

  describe('with a chunked body, whose length the headers do not say', () => {
    it('refuses it with 415 once a byte of another media type arrives', async () => {
      const answer = await sendChunked('text/plain', ['{"a":', '1}']);
      expect(answer.status).toBe(415);
      expect(detailOf(answer.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('takes an empty chunked body of another media type as no body', async () => {
      const answer = await sendChunked('text/plain', []);
      expect(answer).toEqual({ status: 200, body: { received: null } });
    });

    it('parses a chunked JSON body', async () => {
      const answer = await sendChunked('application/json', ['{"a":', '"b"}']);
      expect(answer).toEqual({ status: 200, body: { received: { a: 'b' } } });
    });

    it('keeps a keep-alive connection usable after refusing a body it had not read to the end', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const large = Array.from({ length: 20 }, () => 'x'.repeat(60_000));
        expect((await sendChunked('text/plain', large, agent)).status).toBe(415);
        expect((await sendChunked('application/json', large, agent)).status).toBe(413);
        expect(await sendChunked('application/json', ['{"a":', '1}'], agent)).toEqual({ status: 200, body: { received: { a: 1 } } });
      } finally {
        agent.destroy();
      }
    });

    it('answers a chunked JSON body over the limit with 413', async () => {
      const answer = await sendChunked('application/json', [`{"filler":"${'x'.repeat(600)}`, `${'x'.repeat(600)}"}`]);
      expect(answer.status).toBe(413);
      expect(detailOf(answer.body).code).toBe('PAYLOAD_TOO_LARGE');
    });
  });
});

describe('jsonBodies: Content-Encoding', () => {
  const json = '{"a":1}';

  it.each([
    ['gzip', gzipSync(json)],
    ['deflate', deflateSync(json)],
    ['br', brotliCompressSync(json)],
    ['GZIP', gzipSync(json)],
  ])('reads a body really compressed with %s', async (encoding, compressed) => {
    const response = await post({ 'content-type': 'application/json', 'content-encoding': encoding }, compressed);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: { a: 1 } });
  });

  it.each(['gzip', 'deflate', 'br'])('answers a %s header on a body that is not compressed with 422, like malformed JSON', async (encoding) => {
    const response = await post({ 'content-type': 'application/json', 'content-encoding': encoding }, json);
    expect(response.status).toBe(422);
    const detail = detailOf(response.body);
    expect(detail.code).toBe('VALIDATION_ERROR');
    expect(detail.message).toMatch(new RegExp(`^(The request body is not valid ${encoding} data|Malformed JSON body)`));
  });

  it('answers a truncated gzip body with 422', async () => {
    const truncated = gzipSync(json).subarray(0, 12);
    const response = await post({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, truncated);
    expect(response.status).toBe(422);
    expect(detailOf(response.body).message).toMatch(/^The request body is not valid gzip data/);
  });

  it.each(['compress', 'x-unknown', 'gzip, gzip', 'zstd-ish'])('answers the unsupported encoding %j with 422 naming it', async (encoding) => {
    const response = await post({ 'content-type': 'application/json', 'content-encoding': encoding }, json);
    expect(response.status).toBe(422);
    const detail = detailOf(response.body);
    expect(detail.code).toBe('VALIDATION_ERROR');
    expect(detail.message).toContain(`Unsupported Content-Encoding ${JSON.stringify(encoding)}`);
  });

  it('answers a body that inflates past the limit with 413', async () => {
    const bomb = gzipSync(JSON.stringify({ filler: 'x'.repeat(100_000) }));
    expect(bomb.length).toBeLessThan(1024);
    const response = await post({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, bomb);
    expect(response.status).toBe(413);
    expect(detailOf(response.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('checks the media type before the encoding: a gzip text body is 415', async () => {
    const response = await post({ 'content-type': 'text/plain', 'content-encoding': 'gzip' }, gzipSync('hi'));
    expect(response.status).toBe(415);
  });
});

describe('jsonBodies: size', () => {
  it('answers a declared length over the limit with 413 before reading the body', async () => {
    const response = await post({ 'content-type': 'application/json' }, JSON.stringify({ filler: 'x'.repeat(2048) }));
    expect(response.status).toBe(413);
    expect(detailOf(response.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than the limit of 1024 bytes' });
  });
});

describe('jsonBodies: methods that take no body', () => {
  /** A request to /echo with a JSON body, over node:http (fetch sends no body with a GET). */
  const sendWith = (method: string, body?: string): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      const outgoing = httpRequest(`${server.url}/echo`, { method, headers, timeout: 5_000 }, (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  it.each(['GET', 'DELETE'])('refuses a field in the body of a %s with 422 naming it, before the route runs', async (method) => {
    const response = await sendWith(method, '{"ttl": 999999}');
    expect(response.status).toBe(422);
    const detail = detailOf(JSON.parse(response.text));
    expect(detail.message).toBe('body field "ttl": unknown field');
    expect(detail.details).toEqual({ errors: [{ field: 'ttl', message: 'unknown field' }] });
  });

  it.each(['GET', 'DELETE'])('takes a %s with no body or an empty object', async (method) => {
    expect((await sendWith(method)).status).toBeLessThan(300);
    expect((await sendWith(method, '{}')).status).toBeLessThan(300);
  });
});
