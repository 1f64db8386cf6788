import request from 'supertest';
import type { EventPayload, EventSubject } from '@radar/contracts';
import type { RunningServer } from '@radar/platform/http';
import { Bus, type EventMeta } from '@radar/platform/nats';
import { eventually, silentLogger, startTcpProxy, testInfrastructure, type TcpProxy } from '@radar/platform/testing';
import { startEchoService, startGateway, tokenFor, type TestGateway } from './gateway-harness';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a durable consumer of the subject received: the stream's view, where a republished event counts once. */
async function consumed<S extends EventSubject>(bus: Bus, subject: S, durable: string) {
  const received: { payload: EventPayload<S>; meta: EventMeta }[] = [];
  await bus.consume(subject, { durable }, async (payload, meta) => {
    received.push({ payload, meta });
  });
  return received;
}

describe('identity events written with the change (outbox)', () => {
  let echo: RunningServer;
  let nats: TcpProxy;
  let first: TestGateway;
  let second: TestGateway;
  let observer: Bus;

  beforeAll(async () => {
    echo = await startEchoService();
    const direct = new URL(testInfrastructure.natsUrl);
    // Both replicas reach NATS through one proxy: cutting it takes NATS away from all of them.
    nats = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
    const natsUrl = `nats://127.0.0.1:${nats.port}`;
    first = await startGateway({ upstreams: { ledger: echo.url }, natsUrl });
    // A long cache TTL: only the revocation can make the second replica refuse the token.
    second = await startGateway({
      upstreams: { ledger: echo.url },
      natsUrl,
      databaseUrl: first.databaseUrl,
      namespace: first.namespace,
      redisKeyPrefix: first.redisKeyPrefix,
      tokenCacheTtlMs: 10 * 60_000,
    });
    observer = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'gateway-spec-observer', namespace: first.namespace, logger: silentLogger() });
  });
  afterAll(async () => {
    await nats.restore();
    await second.close();
    await first.close();
    await observer.close();
    await nats.close();
    await echo.close();
  });

  it('revokes a token while NATS is unreachable, and another replica drops it once NATS is back', async () => {
    const revocations = await consumed(observer, 'identity.token.revoked', 'spec-revocations');
    const { token, tokenId } = await tokenFor(first, 'read');
    const onSecond = () => request(second.app).get('/api/v1/credits').set('Authorization', `Bearer ${token}`);
    expect((await onSecond()).status).toBe(200); // now cached by the second replica
    // The replica that takes the revocation is gone before NATS comes back: whatever its NATS client buffered dies with it.
    const revoking = await startGateway({
      upstreams: { ledger: echo.url },
      natsUrl: `nats://127.0.0.1:${nats.port}`,
      databaseUrl: first.databaseUrl,
      namespace: first.namespace,
      redisKeyPrefix: first.redisKeyPrefix,
    });

    await nats.cut();
    await revoking.operator.revoke(tokenId);
    const { rows: pending } = await first.pool.query<{ id: string }>(
      `SELECT id FROM outbox_events WHERE subject = 'identity.token.revoked' AND published_at IS NULL`,
    );
    expect(pending).toHaveLength(1);
    await revoking.close();
    // Nothing could reach the second replica: it still trusts its cached token.
    expect((await onSecond()).status).toBe(200);
    expect(revocations).toEqual([]);

    await nats.restore();
    await eventually(async () => (await onSecond()).status === 401, 'the second replica to refuse the token');
    expect((await onSecond()).body.detail.code).toBe('INVALID_TOKEN');
    await eventually(async () => revocations.length > 0, 'the revocation to reach the stream');
    await eventually(
      async () => (await first.pool.query('SELECT 1 FROM outbox_events WHERE id = $1 AND published_at IS NOT NULL', [pending[0]!.id])).rowCount === 1,
      'the outbox row to be marked published',
    );
    await pause(1_000);
    expect(revocations).toEqual([{ payload: { tokenId, workspaceId: expect.any(String) }, meta: expect.objectContaining({ msgId: pending[0]!.id }) }]);
  }, 60_000);

  it('announces a repeated revocation once', async () => {
    const revocations = await consumed(observer, 'identity.token.revoked', 'spec-repeated');
    const { tokenId } = await tokenFor(first, 'read');
    await first.operator.revoke(tokenId);
    await second.operator.revoke(tokenId);
    await eventually(async () => revocations.some((event) => event.payload.tokenId === tokenId), 'the revocation');
    await pause(500);
    expect(revocations.filter((event) => event.payload.tokenId === tokenId)).toHaveLength(1);
  });

  it('announces a role change with the role, written in the change\'s transaction', async () => {
    const roleChanges = await consumed(observer, 'identity.user.role_changed', 'spec-roles');
    const { workspaceId, userId } = await tokenFor(first, 'read', 'admin');
    await first.operator.setRole(userId, 'member');
    await eventually(async () => roleChanges.length === 1, 'the role change');
    const {
      rows: [row],
    } = await first.pool.query<{ id: string }>(`SELECT id FROM outbox_events WHERE subject = 'identity.user.role_changed' AND aggregate_key = $1`, [userId]);
    expect(roleChanges[0]).toEqual({ payload: { userId, workspaceId, role: 'member' }, meta: expect.objectContaining({ msgId: row!.id }) });
  });

  it('writes no event when the role change is refused', async () => {
    const { owner_user_id } = await first.operator.workspace();
    await expect(first.operator.setRole(owner_user_id, 'member')).rejects.toThrow(/409/);
    expect((await first.pool.query('SELECT 1 FROM outbox_events WHERE aggregate_key = $1', [owner_user_id])).rowCount).toBe(0);
  });
});
