import request from 'supertest';
import type { RunningServer } from '@radar/platform/http';
import { startEchoService, startGateway, tokenFor, type TestGateway } from './gateway-harness';
import { eventually } from '@radar/platform/testing';

describe('identity changes across gateway replicas', () => {
  let echo: RunningServer;
  let first: TestGateway;
  let second: TestGateway;
  beforeAll(async () => {
    echo = await startEchoService();
    first = await startGateway({ upstreams: { ledger: echo.url } });
    // A long cache TTL: only the revocation event can make the second replica refuse the token.
    second = await startGateway({
      upstreams: { ledger: echo.url },
      databaseUrl: first.databaseUrl,
      namespace: first.namespace,
      redisKeyPrefix: first.redisKeyPrefix,
      tokenCacheTtlMs: 10 * 60_000,
    });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await echo.close();
  });

  it('stops accepting a token in every replica once it is revoked in one', async () => {
    const { token, tokenId } = await tokenFor(first, 'read');
    const onSecond = () => request(second.app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`);
    expect((await onSecond()).status).toBe(200); // now cached by the second replica
    await first.operator.revoke(tokenId);
    await eventually(async () => (await onSecond()).status === 401, 'the second replica to refuse the token', 3_000);
    expect((await onSecond()).body.detail.code).toBe('INVALID_TOKEN');
  });
});
