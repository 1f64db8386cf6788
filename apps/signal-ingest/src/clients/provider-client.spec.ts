import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@radar/platform/testing';
import { ProviderClient } from './provider-client';
import { ProviderFailure } from './provider-failure';

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

const okBody = (count: number) =>
  JSON.stringify({
    data: Array.from({ length: count }, (_, index) => ({
      id: `item-${index}`,
      signal_type: 'news_events',
      category: 'launches',
      happened_on: '2026-11-20',
      headline: `Headline ${index}`,
      details: [],
      source_url: null,
      job_opening: null,
    })),
    meta: { domain: 'acme.com', signal_type: 'news_events', as_of: '2026-11-20', count },
  });

/** A provider on loopback that answers each request with the next reply (the last one repeats), recording what it was sent. */
async function providerAnswering(...replies: Reply[]) {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req);
    (replies[Math.min(seen.length, replies.length) - 1] as Reply)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sleeps: number[] = [];
  const client = (overrides: Partial<ConstructorParameters<typeof ProviderClient>[0]> = {}) =>
    new ProviderClient({
      baseUrl: url,
      apiKey: 'the-key',
      timeoutMs: 500,
      maxAttempts: 3,
      retry: { baseMs: 100, maxMs: 1_000 },
      logger: silentLogger(),
      now: () => new Date('2026-11-25T09:00:00Z'),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...overrides,
    });
  return {
    seen,
    sleeps,
    client,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const status = (code: number, headers: Record<string, string> = {}): Reply => (_req, res) => {
  res.writeHead(code, { 'content-type': 'application/json', ...headers }).end('{"detail":{"code":"X","message":"x"}}');
};
const items = (count: number): Reply => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(okBody(count));
};

const failureOf = async (promise: Promise<unknown>): Promise<ProviderFailure> => {
  const error = await promise.then(() => undefined, (failure: unknown) => failure);
  if (!(error instanceof ProviderFailure)) throw new Error(`expected a ProviderFailure, got ${String(error)}`);
  return error;
};

describe('the provider client', () => {
  it('asks GET /v1/companies/{domain}/{signal_type}?as_of= with the API key and returns the items', async () => {
    const provider = await providerAnswering(items(2));
    try {
      const answer = await provider.client().companyItems('acme.com', 'news_events', '2026-11-20');
      expect(answer.map((item) => item.id)).toEqual(['item-0', 'item-1']);
      expect(provider.seen[0]?.url).toBe('/v1/companies/acme.com/news_events?as_of=2026-11-20');
      expect(provider.seen[0]?.headers['x-api-key']).toBe('the-key');
    } finally {
      await provider.close();
    }
  });

  it('retries 5xx with growing back-off, up to the attempt limit, then fails as unavailable', async () => {
    const provider = await providerAnswering(status(503));
    try {
      const failure = await failureOf(provider.client().companyItems('acme.com', 'news_events', '2026-11-20'));
      expect(failure).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
      expect(provider.seen).toHaveLength(3);
      expect(provider.sleeps).toHaveLength(2);
      expect(provider.sleeps[0]).toBeGreaterThanOrEqual(50);
      expect(provider.sleeps[0]).toBeLessThanOrEqual(100);
      expect(provider.sleeps[1]).toBeGreaterThanOrEqual(100);
      expect(provider.sleeps[1]).toBeLessThanOrEqual(200);
    } finally {
      await provider.close();
    }
  });

  it('recovers when a retry succeeds, and waits as long as a 429 Retry-After asks', async () => {
    const provider = await providerAnswering(status(429, { 'retry-after': '1' }), items(1));
    try {
      const answer = await provider.client().companyItems('acme.com', 'news_events', '2026-11-20');
      expect(answer).toHaveLength(1);
      expect(provider.sleeps).toEqual([1_000]);
    } finally {
      await provider.close();
    }
  });

  it('does not retry a refused key or an answer that breaks the contract', async () => {
    const refused = await providerAnswering(status(401));
    const broken = await providerAnswering((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": "nope"}'));
    const garbled = await providerAnswering((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": ['));
    try {
      expect(await failureOf(refused.client().companyItems('acme.com', 'news_events', '2026-11-20'))).toMatchObject({
        code: 'PROVIDER_AUTH_REJECTED',
        retryable: false,
      });
      expect(refused.seen).toHaveLength(1);
      expect(await failureOf(broken.client().companyItems('acme.com', 'news_events', '2026-11-20'))).toMatchObject({ code: 'PROVIDER_BAD_RESPONSE', retryable: false });
      expect(broken.seen).toHaveLength(1);
      expect(await failureOf(garbled.client().companyItems('acme.com', 'news_events', '2026-11-20'))).toMatchObject({ code: 'PROVIDER_BAD_RESPONSE' });
    } finally {
      await Promise.all([refused.close(), broken.close(), garbled.close()]);
    }
  });

  it('times out an attempt that gets no answer, also when the body stalls after the headers', async () => {
    const silent = await providerAnswering(() => undefined);
    const stalling = await providerAnswering((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
    });
    try {
      for (const provider of [silent, stalling]) {
        const failure = await failureOf(provider.client({ timeoutMs: 150, maxAttempts: 2 }).companyItems('acme.com', 'news_events', '2026-11-20'));
        expect(failure).toMatchObject({ code: 'PROVIDER_TIMEOUT', retryable: true });
        expect(provider.seen).toHaveLength(2);
      }
    } finally {
      await Promise.all([silent.close(), stalling.close()]);
    }
  });
});
