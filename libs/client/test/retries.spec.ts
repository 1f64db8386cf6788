import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRadarClient, retryAfterMs, type RadarClientOptions } from '../src';

interface Seen {
  method: string;
  url: string;
  body: string;
  at: number;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A server standing in for the gateway that answers from a script, one answer per request, and
 * records what it received: the client's retries are what is under test here.
 */
async function scriptedServer(answers: Answer[]) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};
const rateLimited = (seconds: number) => json(429, { detail: { code: 'RATE_LIMITED', message: 'slow down' } }, { 'retry-after': String(seconds) });
const unavailable = json(503, { detail: { code: 'SERVICE_UNAVAILABLE', message: 'down' } });
const CREDITS = { workspace_id: '7d3e1f2a-4b5c-4d6e-9f7a-8b9c0d1e2f3a', balance: 3, recent_transactions: [] };

describe('retries of the typed client', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const clientOf = (options: Partial<RadarClientOptions> = {}) =>
    createRadarClient({ baseUrl: server!.url, token: 'rdr_test', retry: { baseDelayMs: 10 }, ...options });

  it('waits the Retry-After of a 429 and sends the same request again, body included', async () => {
    server = await scriptedServer([rateLimited(1), json(200, { total: 1, saved: 0, total_relation: 'eq', saved_relation: 'eq' })]);
    const { data, response } = await clientOf().POST('/companies/counts', { body: { countries: ['Germany'] } });
    expect(response.status).toBe(200);
    expect(data?.total).toBe(1);
    expect(server.seen.map((request) => request.body)).toEqual(['{"countries":["Germany"]}', '{"countries":["Germany"]}']);
    expect(server.seen.map((request) => request.url)).toEqual(['/api/v1/companies/counts', '/api/v1/companies/counts']);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a 429 even for a create: the gateway refused it before any service saw it', async () => {
    server = await scriptedServer([rateLimited(0), json(400, { detail: { code: 'no_candidates', message: 'none' } })]);
    const { error, response } = await clientOf().POST('/exports', { body: { name: 'x' } });
    expect(response.status).toBe(400);
    expect(error?.detail.code).toBe('no_candidates');
    expect(server.seen).toHaveLength(2);
  });

  it('gives back a 429 at once when its Retry-After is longer than it may wait', async () => {
    server = await scriptedServer([rateLimited(30), json(200, CREDITS)]);
    const started = Date.now();
    const { response } = await clientOf({ retry: { maxDelayMs: 5_000 } }).GET('/credits');
    expect(response.status).toBe(429);
    expect(server.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('stops after the attempts it is allowed', async () => {
    server = await scriptedServer([rateLimited(0)]);
    const { response } = await clientOf({ retry: { attempts: 3, baseDelayMs: 10 } }).GET('/credits');
    expect(response.status).toBe(429);
    expect(server.seen).toHaveLength(3);
  });

  it('retries a 503 of a read, with backoff when no Retry-After is given', async () => {
    server = await scriptedServer([unavailable, unavailable, json(200, CREDITS)]);
    const { data } = await clientOf().GET('/credits');
    expect(data?.balance).toBe(3);
    expect(server.seen).toHaveLength(3);
  });

  it('retries a 503 of a read-only POST (search) but not of a create without an Idempotency-Key', async () => {
    server = await scriptedServer([unavailable, json(200, { items: [], total: 0, aggregations: {}, next_cursor: null })]);
    expect((await clientOf().POST('/companies/search', { body: {} })).response.status).toBe(200);
    expect(server.seen).toHaveLength(2);
    await server.close();

    server = await scriptedServer([unavailable, json(201, {})]);
    expect((await clientOf().POST('/exports', { body: { name: 'x' } })).response.status).toBe(503);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a 503 of a create that carries an Idempotency-Key, with the key', async () => {
    server = await scriptedServer([unavailable, json(201, {})]);
    const { response } = await clientOf().POST('/exports', { body: { name: 'x' }, params: { header: { 'Idempotency-Key': 'k-1' } } });
    expect(response.status).toBe(201);
    expect(server.seen).toHaveLength(2);
  });

  it('never retries what the caller must change first (422), nor anything with retries off', async () => {
    server = await scriptedServer([json(422, { detail: { code: 'VALIDATION_ERROR', message: 'bad' } }), json(200, CREDITS)]);
    expect((await clientOf().GET('/credits')).response.status).toBe(422);
    expect(server.seen).toHaveLength(1);
    await server.close();

    server = await scriptedServer([rateLimited(0), json(200, CREDITS)]);
    expect((await clientOf({ retry: false }).GET('/credits')).response.status).toBe(429);
    expect(server.seen).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    server = await scriptedServer([rateLimited(10), json(200, CREDITS)]);
    const call = clientOf().GET('/credits', { signal: AbortSignal.timeout(200) });
    await expect(call).rejects.toThrow();
    expect(server.seen).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs(new Response(null, { headers: { 'retry-after': '41' } }), now)).toBe(41_000);
    expect(retryAfterMs(new Response(null, { headers: { 'retry-after': 'Tue, 24 Nov 2026 10:00:30 GMT' } }), now)).toBe(30_000);
    expect(retryAfterMs(new Response(null, { headers: { 'retry-after': 'soon' } }), now)).toBeUndefined();
    expect(retryAfterMs(new Response(null), now)).toBeUndefined();
  });
});
