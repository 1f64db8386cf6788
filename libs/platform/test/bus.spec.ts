import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventPayload, RpcDefinition } from '@radar/contracts';
import { AppError } from '../src/errors';
import { Bus } from '../src/nats';
import { silentLogger, testInfrastructure, testNamespace } from '../src/testing';

const addRequest = z.strictObject({ a: z.number().int(), b: z.number().int() });
const addReply = z.strictObject({ sum: z.number().int() });
const ADD: RpcDefinition<typeof addRequest, typeof addReply> = { subject: 'spec.math.add', request: addRequest, reply: addReply };

const revoked = (): EventPayload<'identity.token.revoked'> => ({ tokenId: randomUUID(), workspaceId: randomUUID() });

const opened: { bus: Bus; namespace: string }[] = [];

async function openBus(namespace: string): Promise<Bus> {
  const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'platform-spec', namespace, logger: silentLogger() });
  opened.push({ bus, namespace });
  return bus;
}

/** The stream name Bus derives for the contracts' IDENTITY stream in a namespace. */
const identityStream = (namespace: string) => `${namespace.replace(/[^A-Za-z0-9_-]/g, '_')}IDENTITY`;

/** Polls until `check` returns a value (or the deadline passes): for effects that happen after an ack. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, deadlineMs = 10_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Collects what a handler receives and lets a test await the n-th arrival. */
function inbox<T>() {
  const items: T[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const waiter of waiters.filter((w) => items.length >= w.count)) waiter.resolve();
    },
    until(count: number): Promise<T[]> {
      if (items.length >= count) return Promise.resolve(items);
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(items) }));
    },
  };
}

afterAll(async () => {
  const cleaned = new Set<string>();
  for (const { bus, namespace } of opened) {
    if (!cleaned.has(namespace)) {
      cleaned.add(namespace);
      await bus.deleteStreams();
    }
  }
  for (const { bus } of opened) await bus.close();
});

describe('Bus request-reply', () => {
  it('delivers a validated request to the server and returns its validated reply', async () => {
    const bus = await openBus(testNamespace());
    bus.serve(ADD, async ({ a, b }) => ({ sum: a + b }), { queue: 'spec' });
    await bus.connection.flush();
    await expect(bus.request(ADD, { a: 2, b: 40 })).resolves.toEqual({ sum: 42 });
  });

  it('works across two connections, as between two services', async () => {
    const namespace = testNamespace();
    const server = await openBus(namespace);
    const client = await openBus(namespace);
    server.serve(ADD, async ({ a, b }) => ({ sum: a + b }), { queue: 'spec' });
    await server.connection.flush();
    await expect(client.request(ADD, { a: -1, b: 1 })).resolves.toEqual({ sum: 0 });
  });

  it('carries an AppError thrown by the handler back as the same AppError code, message and details', async () => {
    const bus = await openBus(testNamespace());
    bus.serve(
      ADD,
      async () => {
        throw new AppError('insufficient_balance', 'Balance too low', { balance: 3, shortfall: 2 });
      },
      { queue: 'spec' },
    );
    await bus.connection.flush();
    const failure = await bus.request(ADD, { a: 1, b: 2 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'insufficient_balance', message: 'Balance too low', details: { balance: 3, shortfall: 2 } });
  });

  it('turns an unexpected handler failure into INTERNAL_ERROR without its message', async () => {
    const bus = await openBus(testNamespace());
    bus.serve(
      ADD,
      async () => {
        throw new Error('password=hunter2');
      },
      { queue: 'spec' },
    );
    await bus.connection.flush();
    const failure = await bus.request(ADD, { a: 1, b: 2 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Internal error' });
  });

  it('refuses a reply that does not match the reply schema as INTERNAL_ERROR', async () => {
    const bus = await openBus(testNamespace());
    bus.serve(ADD, async () => ({ sum: 'forty-two' }) as unknown as { sum: number }, { queue: 'spec' });
    await bus.connection.flush();
    await expect(bus.request(ADD, { a: 1, b: 2 })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('answers a request that does not match the request schema with VALIDATION_ERROR', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    bus.serve(ADD, async ({ a, b }) => ({ sum: a + b }), { queue: 'spec' });
    await bus.connection.flush();
    const raw = await bus.connection.request(`${namespace}${ADD.subject}`, Buffer.from(JSON.stringify({ a: 1 })), { timeout: 5_000 });
    const envelope = JSON.parse(Buffer.from(raw.data).toString('utf8')) as { ok: boolean; error?: { code: string; message: string } };
    expect(envelope.ok).toBe(false);
    expect(envelope.error?.code).toBe('VALIDATION_ERROR');
    expect(envelope.error?.message).toContain(ADD.subject);
  });

  it('validates the request before sending it', async () => {
    const bus = await openBus(testNamespace());
    const handler = jest.fn(async ({ a, b }: { a: number; b: number }) => ({ sum: a + b }));
    bus.serve(ADD, handler, { queue: 'spec' });
    await bus.connection.flush();
    await expect(bus.request(ADD, { a: 1, b: 'two' } as unknown as { a: number; b: number })).rejects.toBeInstanceOf(z.ZodError);
    await expect(bus.request(ADD, { a: 1, b: 2 })).resolves.toEqual({ sum: 3 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers SERVICE_UNAVAILABLE when nobody serves the subject', async () => {
    const bus = await openBus(testNamespace());
    const failure = await bus.request(ADD, { a: 1, b: 2 }, { timeoutMs: 500 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: `No timely answer on ${ADD.subject}` });
  });

  it('answers SERVICE_UNAVAILABLE when the server does not answer within the timeout', async () => {
    const bus = await openBus(testNamespace());
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    bus.serve(
      ADD,
      async ({ a, b }) => {
        await stuck;
        return { sum: a + b };
      },
      { queue: 'spec' },
    );
    await bus.connection.flush();
    try {
      await expect(bus.request(ADD, { a: 1, b: 2 }, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      release();
    }
  });
});

describe('Bus JetStream events', () => {
  it('ensureStreams is idempotent', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    await bus.ensureStreams();
    await bus.ensureStreams();
    const info = await (await bus.connection.jetstreamManager()).streams.info(identityStream(namespace));
    expect(info.config.subjects).toEqual([`${namespace}identity.>`]);
  });

  it('hands the consumer the parsed payload with its msgId', async () => {
    const bus = await openBus(testNamespace());
    await bus.ensureStreams();
    const received = inbox<{ payload: EventPayload<'identity.token.revoked'>; msgId?: string; redelivered: boolean }>();
    await bus.consume('identity.token.revoked', { durable: 'spec-revocations' }, async (payload, meta) => {
      received.push({ payload, ...meta });
    });
    const event = revoked();
    await bus.publish('identity.token.revoked', event, { msgId: `revoked:${event.tokenId}` });
    const [first] = await received.until(1);
    expect(first).toEqual({ payload: event, msgId: `revoked:${event.tokenId}`, redelivered: false });
  });

  it('delivers an event published twice with the same msgId once', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    await bus.ensureStreams();
    const received = inbox<EventPayload<'identity.token.revoked'>>();
    await bus.consume('identity.token.revoked', { durable: 'spec-dedup' }, async (payload) => {
      received.push(payload);
    });
    const repeated = revoked();
    const marker = revoked();
    await bus.publish('identity.token.revoked', repeated, { msgId: 'same-fact' });
    await bus.publish('identity.token.revoked', repeated, { msgId: 'same-fact' });
    await bus.publish('identity.token.revoked', marker, { msgId: 'marker' });
    // One consumer handles messages in stream order, so once the marker arrived a duplicate would have too.
    await received.until(2);
    expect(received.items).toEqual([repeated, marker]);
    const info = await (await bus.connection.jetstreamManager()).streams.info(identityStream(namespace));
    expect(info.state.messages).toBe(2);
  });

  it('redelivers an event whose handler threw, then acknowledges it once handled', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    await bus.ensureStreams();
    const attempts = inbox<{ tokenId: string; redelivered: boolean }>();
    await bus.consume('identity.token.revoked', { durable: 'spec-retry', ackWaitMs: 5_000 }, async (payload, meta) => {
      attempts.push({ tokenId: payload.tokenId, redelivered: meta.redelivered });
      if (attempts.items.length === 1) throw new Error('database hiccup');
    });
    const event = revoked();
    await bus.publish('identity.token.revoked', event, { msgId: randomUUID() });
    await attempts.until(2);
    expect(attempts.items).toEqual([
      { tokenId: event.tokenId, redelivered: false },
      { tokenId: event.tokenId, redelivered: true },
    ]);
    const manager = await bus.connection.jetstreamManager();
    const consumer = await eventually(async () => {
      const info = await manager.consumers.info(identityStream(namespace), 'spec-retry');
      return info.num_ack_pending === 0 && info.ack_floor.stream_seq === 1 ? info : undefined;
    }, 'the redelivered event to be acknowledged');
    expect(consumer.num_pending).toBe(0);
    expect(attempts.items).toHaveLength(2);
  });

  it('shares a durable consumer between replicas: each event is handled by one of them', async () => {
    const namespace = testNamespace();
    const first = await openBus(namespace);
    const second = await openBus(namespace);
    await first.ensureStreams();
    const handled = inbox<{ replica: string; tokenId: string }>();
    await first.consume('identity.token.revoked', { durable: 'spec-shared' }, async (payload) => {
      handled.push({ replica: 'first', tokenId: payload.tokenId });
    });
    await second.consume('identity.token.revoked', { durable: 'spec-shared' }, async (payload) => {
      handled.push({ replica: 'second', tokenId: payload.tokenId });
    });
    const events = Array.from({ length: 6 }, revoked);
    for (const event of events) await first.publish('identity.token.revoked', event, { msgId: event.tokenId });
    await handled.until(events.length);
    const manager = await first.connection.jetstreamManager();
    await eventually(async () => {
      const info = await manager.consumers.info(identityStream(namespace), 'spec-shared');
      return info.num_ack_pending === 0 && info.ack_floor.stream_seq === events.length ? true : undefined;
    }, 'all events to be acknowledged');
    expect(handled.items.map((h) => h.tokenId).sort()).toEqual(events.map((e) => e.tokenId).sort());
  });

  it('refuses to publish an invalid payload and sends nothing', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    await bus.ensureStreams();
    const invalid = { tokenId: 'not-a-uuid', workspaceId: randomUUID() };
    await expect(
      bus.publish('identity.token.revoked', invalid as EventPayload<'identity.token.revoked'>, { msgId: 'invalid' }),
    ).rejects.toBeInstanceOf(z.ZodError);
    const info = await (await bus.connection.jetstreamManager()).streams.info(identityStream(namespace));
    expect(info.state.messages).toBe(0);
  });

  it('lets every listening replica hear each event', async () => {
    const namespace = testNamespace();
    const first = await openBus(namespace);
    const second = await openBus(namespace);
    await first.ensureStreams();
    const heardByFirst = inbox<EventPayload<'identity.user.role_changed'>>();
    const heardBySecond = inbox<EventPayload<'identity.user.role_changed'>>();
    first.listen('identity.user.role_changed', (payload) => heardByFirst.push(payload));
    second.listen('identity.user.role_changed', (payload) => heardBySecond.push(payload));
    await Promise.all([first.connection.flush(), second.connection.flush()]);
    const event: EventPayload<'identity.user.role_changed'> = { userId: randomUUID(), workspaceId: randomUUID(), role: 'member' };
    await first.publish('identity.user.role_changed', event, { msgId: randomUUID() });
    await expect(heardByFirst.until(1)).resolves.toEqual([event]);
    await expect(heardBySecond.until(1)).resolves.toEqual([event]);
  });
});
