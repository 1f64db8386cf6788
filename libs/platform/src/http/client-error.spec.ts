import { connect } from 'node:net';
import { Router } from 'express';
import { errorEnvelopeSchema } from '@radar/contracts';
import { silentLogger } from '../testing';
import { createServiceApp } from './app';
import { listen, type RunningServer } from './listen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: RunningServer;
beforeAll(async () => {
  const router = Router();
  router.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });
  server = await listen(createServiceApp({ logger: silentLogger(), routes: router }), 0);
});
afterAll(() => server.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseAnswer(text: string): RawAnswer {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * Writes raw requests on one connection, each once the answer to the one before has arrived
 * (a keep-alive client, not a pipelining one), and reads everything until the server closes it.
 */
function exchange(...requests: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    const pending = [...requests];
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const next = pending.shift();
      if (next) socket.write(next);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.on('connect', () => socket.write(pending.shift() ?? ''));
  });
}

const longPath = `/ok?filler=${'x'.repeat(20_000)}`;

describe('listen: requests Node cannot parse', () => {
  it('answers a URL over the header limit with 431 in the envelope and a generated X-Request-Id', async () => {
    const response = await fetch(`${server.url}${longPath}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const detail = errorEnvelopeSchema.parse(await response.json()).detail;
    expect(detail.code).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
    expect(detail.message).toMatch(/shorten the URL or the headers/);
  });

  it("echoes the caller's X-Request-Id when it came before the overflow", async () => {
    const answer = parseAnswer(await exchange(`GET /ok HTTP/1.1\r\nHost: x\r\nX-Request-Id: trace-431\r\nX-Filler: ${'y'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers['x-request-id']).toBe('trace-431');
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
  });

  it('answers an oversized request on a keep-alive connection that already served one', async () => {
    const answers = await exchange(`GET /ok HTTP/1.1\r\nHost: x\r\n\r\n`, `GET ${longPath} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [, second] = answers.split(/(?=HTTP\/1\.1 )/);
    expect(answers.startsWith('HTTP/1.1 200 OK')).toBe(true);
    expect(parseAnswer(second ?? '').status).toBe(431);
  });

  it.each([
    ['a broken request line', 'NOT-A-REQUEST\r\n\r\n'],
    ['a header without a colon', 'GET /ok HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
    ['both Content-Length and Transfer-Encoding', 'POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['broken chunked framing', 'POST /ok HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
  ])('answers %s with 400 MALFORMED_REQUEST in the envelope', async (_label, raw) => {
    const answer = parseAnswer(await exchange(raw));
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toMatch(UUID);
    const detail = errorEnvelopeSchema.parse(JSON.parse(answer.body)).detail;
    expect(detail.code).toBe('MALFORMED_REQUEST');
    expect(detail.message).toMatch(/^The HTTP request could not be parsed \(HPE_/);
  });

  it('keeps serving other requests afterwards', async () => {
    await fetch(`${server.url}${longPath}`);
    const response = await fetch(`${server.url}/ok`);
    expect(response.status).toBe(200);
  });
});
