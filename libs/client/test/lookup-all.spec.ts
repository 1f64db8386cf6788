import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRadarClient, lookupAll } from '../src';

/** A stand-in for the gateway's lookup: answers each entry as not found, and refuses the second call once with 429. */
async function lookupServer() {
  const sizes: number[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      calls += 1;
      res.setHeader('content-type', 'application/json');
      if (calls === 2) {
        res.setHeader('retry-after', '0');
        res.writeHead(429).end(JSON.stringify({ detail: { code: 'RATE_LIMITED', message: 'slow down' } }));
        return;
      }
      const { items } = JSON.parse(text) as { items: { ref: string }[] };
      sizes.push(items.length);
      const answered = items.map((item) => ({ ref: item.ref, status: 'not_found', reason: null, match_type: null, confidence: 0, company: null, candidates: [] }));
      res.end(JSON.stringify({ items: answered, matched: 0, not_found: items.length, ambiguous: 0, invalid: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sizes, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('lookupAll', () => {
  it('sends a long list 100 entries a call, waits out a 429, and answers every entry in order with the counts of the whole list', async () => {
    const server = await lookupServer();
    try {
      const client = createRadarClient({ baseUrl: server.url, token: 'rdr_test', retry: { baseDelayMs: 1 } });
      const items = Array.from({ length: 250 }, (_, n) => ({ ref: `r${n}`, domain: `c${n}.example` }));
      const progress: number[] = [];
      const answer = await lookupAll(client, items, { onProgress: (done) => progress.push(done) });
      expect(server.sizes).toEqual([100, 100, 50]);
      expect(answer.items.map((item) => item.ref)).toEqual(items.map((item) => item.ref));
      expect(answer).toMatchObject({ matched: 0, not_found: 250, ambiguous: 0, invalid: 0 });
      expect(progress).toEqual([100, 200, 250]);
    } finally {
      await server.close();
    }
  });
});
