import request from 'supertest';
import type { RunningServer } from '@radar/platform/http';
import { startTcpProxy, testInfrastructure } from '@radar/platform/testing';
import { closedPortUrl, startEchoService, startGateway, tokenFor, type TestGateway } from './gateway-harness';

// A fixed clock in the middle of a UTC minute, so no test straddles a window boundary.
const MINUTE_START_MS = Date.UTC(2026, 10, 21, 12, 34, 0);
const NOW_MS = MINUTE_START_MS + 20_500;
const RESET_AT = MINUTE_START_MS / 1000 + 60;
const SECONDS_TO_RESET = 40;

describe('gateway rate limits', () => {
  let echo: RunningServer;
  let gateway: TestGateway;
  let twin: TestGateway;
  beforeAll(async () => {
    echo = await startEchoService();
    gateway = await startGateway({ upstreams: { ledger: echo.url, search: echo.url, export: echo.url }, now: () => NOW_MS });
    // A second replica: same database, Redis prefix and NATS namespace.
    twin = await startGateway({
      upstreams: { ledger: echo.url },
      now: () => NOW_MS,
      databaseUrl: gateway.databaseUrl,
      redisKeyPrefix: gateway.redisKeyPrefix,
      namespace: gateway.namespace,
    });
  });
  afterAll(async () => {
    await twin.close();
    await gateway.close();
    await echo.close();
  });

  const credits = (app: TestGateway['app'], token: string) => request(app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`);

  it('allows 60 GET /credits a minute with exact headers, and answers the 61st with 429 and Retry-After', async () => {
    const { token } = await tokenFor(gateway, 'read');
    for (let i = 1; i <= 60; i += 1) {
      const response = await credits(gateway.app, token);
      expect(response.status).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe('60');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(60 - i));
      expect(response.headers['x-ratelimit-reset']).toBe(String(RESET_AT));
      expect(response.headers['ratelimit-policy']).toBe('"credits";q=60;w=60');
      expect(response.headers.ratelimit).toBe(`"credits";r=${60 - i};t=${SECONDS_TO_RESET}`);
      expect(response.headers['retry-after']).toBeUndefined();
    }
    const limited = await credits(gateway.app, token);
    expect(limited.status).toBe(429);
    expect(limited.body.detail.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe(String(SECONDS_TO_RESET));
    expect(limited.headers['x-ratelimit-limit']).toBe('60');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-reset']).toBe(String(RESET_AT));
    expect(limited.headers.ratelimit).toBe(`"credits";r=0;t=${SECONDS_TO_RESET}`);
  });

  it('shares one count between two gateway replicas', async () => {
    const { token } = await tokenFor(gateway, 'read');
    for (let i = 0; i < 30; i += 1) expect((await credits(gateway.app, token)).status).toBe(200);
    for (let i = 0; i < 30; i += 1) expect((await credits(twin.app, token)).status).toBe(200);
    const fromTwin = await credits(twin.app, token);
    const fromFirst = await credits(gateway.app, token);
    expect(fromTwin.status).toBe(429);
    expect(fromFirst.status).toBe(429);
  });

  it('counts buckets and tokens separately', async () => {
    const first = await tokenFor(gateway, 'read_write');
    const second = await tokenFor(gateway, 'read_write');
    for (let i = 0; i < 5; i += 1) {
      const created = await request(gateway.app).post('/api/v1/exports').set('Authorization', `Bearer ${first.token}`).send({});
      expect(created.headers['x-ratelimit-limit']).toBe('5');
      expect(created.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    const sixth = await request(gateway.app).post('/api/v1/exports').set('Authorization', `Bearer ${first.token}`).send({});
    expect(sixth.status).toBe(429);

    const otherBucket = await request(gateway.app).post('/api/v1/exports/preview').set('Authorization', `Bearer ${first.token}`).send({});
    expect(otherBucket.status).toBe(200);
    expect(otherBucket.headers['x-ratelimit-remaining']).toBe('59');
    const otherToken = await request(gateway.app).post('/api/v1/exports').set('Authorization', `Bearer ${second.token}`).send({});
    expect(otherToken.status).toBe(200);
    expect(otherToken.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('puts the limit headers on successes only, not on a service error such as 404 or 422', async () => {
    const { token } = await tokenFor(gateway, 'read');
    for (const status of [404, 422, 402]) {
      const response = await request(gateway.app).get(`/api/v1/companies/x?status=${status}`).set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(status);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      expect(response.headers.ratelimit).toBeUndefined();
    }
    const ok = await request(gateway.app).get('/api/v1/companies/x').set('Authorization', `Bearer ${token}`);
    expect(ok.headers['x-ratelimit-limit']).toBe('120');
    expect(ok.headers['x-ratelimit-remaining']).toBe('116');
  });

  it('keeps serving with limits counted in its own memory while Redis is unreachable, 429 after the 60th in the minute', async () => {
    const down = await startGateway({ upstreams: { ledger: echo.url }, redisUrl: (await closedPortUrl()).replace('http', 'redis'), now: () => NOW_MS });
    try {
      const { token } = await tokenFor(down, 'read');
      for (let i = 1; i <= 60; i += 1) {
        const response = await credits(down.app, token);
        expect(response.status).toBe(200);
        expect(response.headers['x-ratelimit-remaining']).toBe(String(60 - i));
      }
      const refused = await credits(down.app, token);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(SECONDS_TO_RESET));
    } finally {
      await down.close();
    }
  });

  it('answers no 5xx while Redis stops and starts again under traffic, and is ready throughout', async () => {
    const direct = new URL(testInfrastructure.redisUrl);
    const redis = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 6379) });
    const replica = await startGateway({ upstreams: { ledger: echo.url }, redisUrl: `redis://127.0.0.1:${redis.port}`, now: () => NOW_MS });
    try {
      const { token } = await tokenFor(replica, 'read');
      const statuses: number[] = [];
      const burst = async (count: number) => {
        for (let i = 0; i < count; i += 1) statuses.push((await credits(replica.app, token)).status);
      };
      await burst(10);
      await redis.cut();
      await burst(10);
      expect((await request(replica.app).get('/readyz')).status).toBe(200);
      await redis.restore();
      await burst(10);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      await replica.close();
      await redis.close();
    }
  });
});
