import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { inTransaction } from '../src/database';
import { pruneInbox, runOnce } from '../src/outbox';
import { testNamespace } from '../src/testing';
import { busPool, inbox, revoked } from './bus-harness';
import { outboxDatabase } from './outbox-harness';

const buses = busPool();
let db: Awaited<ReturnType<typeof outboxDatabase>>;

beforeAll(async () => {
  db = await outboxDatabase();
});
afterAll(async () => {
  await buses.closeAll();
  await db.close();
});

/** Handles one message in one transaction: the change (a row in `changes`) and the inbox record. */
const handle = (pool: Pool, consumer: string, messageId: string, what = messageId) =>
  inTransaction(pool, (client) =>
    runOnce(client, consumer, messageId, async () => {
      await client.query('INSERT INTO changes (what) VALUES ($1)', [what]);
      return what;
    }),
  );

const changesFor = async (what: string): Promise<number> =>
  (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM changes WHERE what = $1', [what])).rows[0]!.n;

describe('runOnce', () => {
  it('runs the effects of a message once per consumer, however often it comes', async () => {
    const messageId = randomUUID();
    await expect(handle(db.pool, 'search-unlocks', messageId)).resolves.toEqual({ ran: true, result: messageId });
    await expect(handle(db.pool, 'search-unlocks', messageId)).resolves.toEqual({ ran: false });
    expect(await changesFor(messageId)).toBe(1);
    // Another consumer of the same message has its own record.
    await expect(handle(db.pool, 'ledger-unlocks', messageId)).resolves.toEqual({ ran: true, result: messageId });
    expect(await changesFor(messageId)).toBe(2);
  });

  it('records nothing when the effects fail, so the redelivery runs them', async () => {
    const messageId = randomUUID();
    await expect(
      inTransaction(db.pool, (client) =>
        runOnce(client, 'failing', messageId, async () => {
          await client.query('INSERT INTO changes (what) VALUES ($1)', [messageId]);
          throw new Error('effect failed half-way');
        }),
      ),
    ).rejects.toThrow('half-way');
    expect(await changesFor(messageId)).toBe(0);
    await expect(handle(db.pool, 'failing', messageId)).resolves.toEqual({ ran: true, result: messageId });
    expect(await changesFor(messageId)).toBe(1);
  });

  it('runs the effects once when two replicas handle the same message at the same moment', async () => {
    const messageId = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => handle(db.pool, 'racing', messageId)));
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(await changesFor(messageId)).toBe(1);
  });

  it('keeps a redelivered event from repeating its effects when the ack was lost', async () => {
    const bus = await buses.open(testNamespace());
    const deliveries = inbox<boolean>();
    const event = revoked();
    await bus.consume('identity.token.revoked', { durable: 'spec-inbox', ackWaitMs: 2_000 }, async (payload, meta) => {
      const outcome = await handle(db.pool, 'spec-inbox', meta.msgId!, payload.tokenId);
      deliveries.push(outcome.ran);
      // Committed, but the process dies before its ack: the message comes again.
      if (deliveries.items.length === 1) throw new Error('crashed before the ack');
    });
    await bus.publish('identity.token.revoked', event, { msgId: randomUUID() });
    await expect(deliveries.until(2)).resolves.toEqual([true, false]);
    expect(await changesFor(event.tokenId)).toBe(1);
  });
});

describe('pruneInbox', () => {
  it('forgets ids processed before the cut-off and keeps the later ones', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await handle(db.pool, 'pruned', old);
    await db.pool.query("UPDATE inbox_messages SET processed_at = now() - interval '40 days' WHERE message_id = $1", [old]);
    await handle(db.pool, 'pruned', recent);
    await pruneInbox(db.pool, new Date(Date.now() - 30 * 24 * 60 * 60_000));
    const kept = await db.pool.query<{ message_id: string }>("SELECT message_id FROM inbox_messages WHERE consumer = 'pruned'");
    expect(kept.rows.map((row) => row.message_id)).toEqual([recent]);
  });
});
