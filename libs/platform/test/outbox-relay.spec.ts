import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { EventPayload } from '@radar/contracts';
import { createPool, inTransaction } from '../src/database';
import { OutboxRelay, writeOutboxEvent, type OutboxRelaySettings } from '../src/outbox';
import type { Bus, EventMeta } from '../src/nats';
import { eventually, silentLogger, startTcpProxy, testInfrastructure, testNamespace } from '../src/testing';
import { busPool, inbox, streamIn } from './bus-harness';
import { commitChange, outboxDatabase, outboxRow } from './outbox-harness';

const buses = busPool();
let db: Awaited<ReturnType<typeof outboxDatabase>>;
const relays: OutboxRelay[] = [];

beforeAll(async () => {
  db = await outboxDatabase();
});
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop();
  await db.pool.query('TRUNCATE outbox_events');
});
afterAll(async () => {
  await buses.closeAll();
  await db.close();
});

function relayFor(bus: Pick<Bus, 'publishRecorded'>, settings: Partial<OutboxRelaySettings> = {}, pool: Pool = db.pool): OutboxRelay {
  const relay = new OutboxRelay({ pool, bus, logger: silentLogger() }, { publishTimeoutMs: 1_000, ...settings });
  relays.push(relay);
  return relay;
}

const revocation = (): EventPayload<'identity.token.revoked'> => ({ tokenId: randomUUID(), workspaceId: randomUUID() });

/** A consumer of `identity.token.revoked` in the namespace, collecting payloads with their meta. */
async function revocationsHeard(bus: Bus, durable = 'spec-outbox') {
  const heard = inbox<{ payload: EventPayload<'identity.token.revoked'>; meta: EventMeta }>();
  await bus.consume('identity.token.revoked', { durable }, async (payload, meta) => {
    heard.push({ payload, meta });
  });
  return heard;
}

async function streamMessages(bus: Bus, namespace: string, stream = 'IDENTITY'): Promise<number> {
  return (await (await bus.connection.jetstreamManager()).streams.info(streamIn(namespace, stream))).state.messages;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('writeOutboxEvent', () => {
  it('stores the event only if the transaction that made the change commits', async () => {
    const event = revocation();
    await expect(
      inTransaction(db.pool, async (client) => {
        await client.query("INSERT INTO changes (what) VALUES ('rolled back')");
        await writeOutboxEvent(client, { subject: 'identity.token.revoked', payload: event });
        throw new Error('the change failed after the event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect((await db.pool.query('SELECT count(*)::int AS n FROM outbox_events')).rows[0].n).toBe(0);

    const id = await commitChange(db.pool, 'committed', { subject: 'identity.token.revoked', payload: event });
    expect(await outboxRow(db.pool, id)).toMatchObject({ subject: 'identity.token.revoked', published_at: null, attempts: 0 });
  });

  it('refuses a payload that breaks the contract, and the change goes with it', async () => {
    const invalid = { tokenId: 'not-a-uuid', workspaceId: randomUUID() } as EventPayload<'identity.token.revoked'>;
    await expect(commitChange(db.pool, 'with a bad event', { subject: 'identity.token.revoked', payload: invalid })).rejects.toBeInstanceOf(z.ZodError);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM changes WHERE what = 'with a bad event'")).rows[0].n).toBe(0);
  });
});

describe('OutboxRelay', () => {
  it('publishes a committed event at once (woken by its NOTIFY, not a poll), with the row id as msgID, and marks it published', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const heard = await revocationsHeard(bus);
    // A poll this slow cannot be what delivers the event within the test's deadline.
    relayFor(bus, { pollIntervalMs: 60_000 }).start();
    await pause(200);

    const event = revocation();
    const writtenAt = Date.now();
    const id = await commitChange(db.pool, 'revoke', { subject: 'identity.token.revoked', payload: event });
    const [first] = await heard.until(1);
    expect(Date.now() - writtenAt).toBeLessThan(2_000);
    expect(first).toMatchObject({ payload: event, meta: { msgId: id } });
    await eventually(async () => ((await outboxRow(db.pool, id))?.published_at ? true : undefined), 'the row to be marked published');
  });

  it('holds an event written while NATS is unreachable and publishes it exactly once when NATS is back', async () => {
    const namespace = testNamespace();
    const nats = new URL(testInfrastructure.natsUrl);
    const proxy = await startTcpProxy({ host: nats.hostname, port: Number(nats.port) });
    try {
      const consumerBus = await buses.open(namespace);
      const relayBus = await buses.open(namespace, silentLogger(), `nats://127.0.0.1:${proxy.port}`);
      const heard = await revocationsHeard(consumerBus);
      const relay = relayFor(relayBus);
      relay.start();

      await proxy.cut();
      const event = revocation();
      const id = await commitChange(db.pool, 'revoke while NATS is away', { subject: 'identity.token.revoked', payload: event });
      const failed = await eventually(async () => {
        const row = await outboxRow(db.pool, id);
        return row && row.attempts > 0 ? row : undefined;
      }, 'a failed publish attempt');
      expect(failed.published_at).toBeNull();
      expect(failed.last_error).toEqual(expect.any(String));
      expect(heard.items).toEqual([]);

      await proxy.restore();
      const [arrived] = await heard.until(1);
      expect(arrived).toMatchObject({ payload: event, meta: { msgId: id } });
      await eventually(async () => ((await outboxRow(db.pool, id))?.published_at ? true : undefined), 'the row to be marked published', 15_000);
      // The attempt made during the outage may reach the stream after the reconnect as well: de-duplicated by msgID.
      await pause(1_500);
      expect(heard.items).toHaveLength(1);
      expect(await streamMessages(consumerBus, namespace)).toBe(1);
      await relay.stop();
      await relayBus.close();
    } finally {
      await proxy.close();
    }
  });

  it('republishes what a relay killed between publishing and marking left behind, and the consumer gets it once', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const heard = await revocationsHeard(bus);
    const doomedPool = createPool(db.database.url, { applicationName: 'outbox-relay-doomed' });
    try {
      // Publishes, then loses its database session before it can mark the row: a crash at the worst moment.
      const dyingAfterPublish: Pick<Bus, 'publishRecorded'> = {
        async publishRecorded(...args) {
          const ack = await bus.publishRecorded(...args);
          await db.pool.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'outbox-relay-doomed' AND state LIKE 'idle in transaction%'",
          );
          return ack;
        },
      };
      const id = await commitChange(db.pool, 'revoke', { subject: 'identity.token.revoked', payload: revocation() });
      await expect(relayFor(dyingAfterPublish, {}, doomedPool).publishPending()).rejects.toThrow();
      await heard.until(1);
      expect((await outboxRow(db.pool, id))?.published_at).toBeNull();

      await expect(relayFor(bus).publishPending()).resolves.toBe(1);
      expect((await outboxRow(db.pool, id))?.published_at).not.toBeNull();
      await pause(500);
      expect(heard.items.map((item) => item.meta.msgId)).toEqual([id]);
      expect(await streamMessages(bus, namespace)).toBe(1);
    } finally {
      await doomedPool.end();
    }
  });

  it('lets relays of several replicas publish every row once, in write order within each aggregate key', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const heard = await revocationsHeard(bus);
    const publishes = new Map<string, number>();
    const countingBus: Pick<Bus, 'publishRecorded'> = {
      publishRecorded(subject, payload, options) {
        publishes.set(options.msgId, (publishes.get(options.msgId) ?? 0) + 1);
        return bus.publishRecorded(subject, payload, options);
      },
    };
    const workspaces = Array.from({ length: 8 }, () => randomUUID());
    const written = new Map<string, string[]>(workspaces.map((workspace) => [workspace, []]));
    for (let round = 0; round < 4; round += 1) {
      for (const workspaceId of workspaces) {
        const id = await commitChange(db.pool, 'revoke', {
          subject: 'identity.token.revoked',
          payload: { tokenId: randomUUID(), workspaceId },
          aggregateKey: workspaceId,
        });
        written.get(workspaceId)!.push(id);
      }
    }
    const total = workspaces.length * 4;
    for (let replica = 0; replica < 3; replica += 1) relayFor(countingBus, { batchSize: 2, pollIntervalMs: 100 }).start();

    await heard.until(total);
    await pause(500);
    expect(heard.items).toHaveLength(total);
    expect([...publishes.values()].every((count) => count === 1)).toBe(true);
    for (const workspaceId of workspaces) {
      const arrived = heard.items.filter((item) => item.payload.workspaceId === workspaceId).map((item) => item.meta.msgId);
      expect(arrived).toEqual(written.get(workspaceId));
    }
  });

  it('backs off a row it cannot publish and goes on with other keys, keeping the rest of its key behind it', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const heard = await revocationsHeard(bus);
    const key = randomUUID();
    // A row for a subject no stream stores (written by an older version, say): JetStream refuses it.
    const stuckId = randomUUID();
    await db.pool.query(
      "INSERT INTO outbox_events (id, subject, payload, aggregate_key) VALUES ($1, 'retired.subject', '{}', $2)",
      [stuckId, key],
    );
    const behindStuck = await commitChange(db.pool, 'same key', { subject: 'identity.token.revoked', payload: revocation(), aggregateKey: key });
    const otherKey = await commitChange(db.pool, 'other key', { subject: 'identity.token.revoked', payload: revocation(), aggregateKey: randomUUID() });

    const relay = relayFor(bus);
    await relay.publishPending();
    await relay.publishPending();
    const stuck = await outboxRow(db.pool, stuckId);
    expect(stuck).toMatchObject({ published_at: null, attempts: 1, last_error: expect.any(String) });
    expect(stuck!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    await heard.until(1);
    expect(heard.items.map((item) => item.meta.msgId)).toEqual([otherKey]);
    expect((await outboxRow(db.pool, behindStuck))?.published_at).toBeNull();
  });

  it('prunes published rows older than keepPublishedMs and keeps the rest', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    await bus.ensureStreams(['IDENTITY']);
    const old = await commitChange(db.pool, 'old', { subject: 'identity.token.revoked', payload: revocation() });
    await db.pool.query("UPDATE outbox_events SET published_at = now() - interval '2 hours' WHERE id = $1", [old]);
    const recent = await commitChange(db.pool, 'recent', { subject: 'identity.token.revoked', payload: revocation() });
    relayFor(bus, { keepPublishedMs: 60 * 60_000 }).start();
    await eventually(async () => ((await outboxRow(db.pool, old)) ? undefined : true), 'the old row to be pruned');
    await eventually(async () => ((await outboxRow(db.pool, recent))?.published_at ? true : undefined), 'the recent row to be published');
  });
});
