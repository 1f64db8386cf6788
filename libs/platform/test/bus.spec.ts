import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventPayload, RpcDefinition } from '@radar/contracts';
import { AppError } from '../src/errors';
import type { Logger } from 'pino';
import { eventually, testNamespace } from '../src/testing';
import { busPool, capturingLogger, inbox, PINO_ERROR, revoked, streamIn, watchUnhandledRejections } from './bus-harness';

const addRequest = z.strictObject({ a: z.number().int(), b: z.number().int() });
const addReply = z.strictObject({ sum: z.number().int() });
const ADD: RpcDefinition<typeof addRequest, typeof addReply> = { subject: 'spec.math.add', request: addRequest, reply: addReply };

const buses = busPool();
const openBus = (namespace: string, logger?: Logger) => buses.open(namespace, logger);
const identityStream = (namespace: string) => streamIn(namespace, 'IDENTITY');

afterAll(() => buses.closeAll());

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

  it('answers a request body that is not JSON with VALIDATION_ERROR and keeps serving', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    bus.serve(ADD, async ({ a, b }) => ({ sum: a + b }), { queue: 'spec' });
    await bus.connection.flush();
    const raw = await bus.connection.request(`${namespace}${ADD.subject}`, Buffer.from('{"a": 1,'), { timeout: 5_000 });
    const envelope = JSON.parse(Buffer.from(raw.data).toString('utf8')) as { ok: boolean; error?: { code: string; message: string } };
    expect(envelope).toEqual({ ok: false, error: { code: 'VALIDATION_ERROR', message: `Invalid ${ADD.subject} request: not JSON` } });
    await expect(bus.request(ADD, { a: 1, b: 2 })).resolves.toEqual({ sum: 3 });
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
    expect(first).toEqual({ payload: event, msgId: `revoked:${event.tokenId}`, redelivered: false, streamSequence: 1 });
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

describe('Bus with messages that are not valid events', () => {
  let unhandled: ReturnType<typeof watchUnhandledRejections>;
  beforeEach(() => {
    unhandled = watchUnhandledRejections();
  });
  afterEach(() => unhandled.stop());

  const unlocked = (): EventPayload<'companies.unlocked'> => ({ workspaceId: randomUUID(), exportId: randomUUID(), companyIds: [randomUUID()] });

  it('terminates a consumed message that is not JSON, logs it, and goes on to handle the next event', async () => {
    const namespace = testNamespace();
    const { logger, lines } = capturingLogger();
    const bus = await openBus(namespace, logger);
    const handled = inbox<EventPayload<'companies.unlocked'>>();
    await bus.consume('companies.unlocked', { durable: 'spec-garbage', ackWaitMs: 1_000 }, async (payload) => {
      handled.push(payload);
    });
    await bus.connection.jetstream().publish(`${namespace}companies.unlocked`, Buffer.from([0xff, 0x00, 0x7b, 0x22]), { msgID: 'garbage-1' });
    const valid = unlocked();
    await bus.publish('companies.unlocked', valid, { msgId: 'valid-1' });

    await expect(handled.until(1)).resolves.toEqual([valid]);
    const stream = streamIn(namespace, 'COMPANIES');
    const manager = await bus.connection.jetstreamManager();
    await eventually(async () => {
      const info = await manager.consumers.info(stream, 'spec-garbage');
      return info.ack_floor.stream_seq === 2 && info.num_ack_pending === 0 ? true : undefined;
    }, 'both messages settled');
    // Past the ack wait: a message left unsettled would be back by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const info = await manager.consumers.info(stream, 'spec-garbage');
    expect(info.num_redelivered).toBe(0);
    expect(info.num_ack_pending).toBe(0);
    expect(handled.items).toEqual([valid]);
    expect(lines.filter((line) => line.msg === 'terminated invalid event')).toEqual([
      expect.objectContaining({
        level: PINO_ERROR,
        subject: `${namespace}companies.unlocked`,
        streamSequence: 1,
        msgId: 'garbage-1',
        reason: 'not JSON',
      }),
    ]);
    expect(unhandled.rejections).toEqual([]);
  });

  it('terminates a consumed message that fails the subject\'s schema', async () => {
    const namespace = testNamespace();
    const { logger, lines } = capturingLogger();
    const bus = await openBus(namespace, logger);
    const handled = inbox<EventPayload<'companies.unlocked'>>();
    await bus.consume('companies.unlocked', { durable: 'spec-schema' }, async (payload) => {
      handled.push(payload);
    });
    const wrongShape = Buffer.from(JSON.stringify({ workspaceId: 'nope', companyIds: 'all' }));
    await bus.connection.jetstream().publish(`${namespace}companies.unlocked`, wrongShape, { msgID: 'wrong-shape' });
    const valid = unlocked();
    await bus.publish('companies.unlocked', valid, { msgId: 'valid-2' });
    await expect(handled.until(1)).resolves.toEqual([valid]);
    const terminated = lines.find((line) => line.msg === 'terminated invalid event');
    expect(terminated).toMatchObject({ streamSequence: 1, msgId: 'wrong-shape', reason: expect.stringContaining('companyIds') });
    expect(unhandled.rejections).toEqual([]);
  });

  it('drops a message that is not JSON on a listened subject and hears the next event', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    const heard = inbox<EventPayload<'identity.token.revoked'>>();
    bus.listen('identity.token.revoked', (payload) => heard.push(payload));
    await bus.connection.flush();
    bus.connection.publish(`${namespace}identity.token.revoked`, Buffer.from('not json at all'));
    const event = revoked();
    bus.connection.publish(`${namespace}identity.token.revoked`, Buffer.from(JSON.stringify(event)));
    await expect(heard.until(1)).resolves.toEqual([event]);
    expect(unhandled.rejections).toEqual([]);
  });

  it('keeps listening after a listener throws', async () => {
    const namespace = testNamespace();
    const bus = await openBus(namespace);
    const heard = inbox<string>();
    bus.listen('identity.token.revoked', ({ tokenId }) => {
      heard.push(tokenId);
      if (heard.items.length === 1) throw new Error('cache broke');
    });
    await bus.connection.flush();
    const [first, second] = [revoked(), revoked()];
    for (const event of [first, second]) bus.connection.publish(`${namespace}identity.token.revoked`, Buffer.from(JSON.stringify(event)));
    await expect(heard.until(2)).resolves.toEqual([first.tokenId, second.tokenId]);
  });
});

describe('Bus and messages that run out of deliveries', () => {
  it('logs the subject, msgId and stream sequence of an event given up after maxDeliver attempts', async () => {
    const namespace = testNamespace();
    const { logger, lines } = capturingLogger();
    const bus = await openBus(namespace, logger);
    await bus.ensureStreams(['IDENTITY']);
    const attempts = inbox<number>();
    await bus.consume('identity.token.revoked', { durable: 'spec-give-up', maxDeliver: 2, ackWaitMs: 5_000 }, async (_payload, meta) => {
      attempts.push(meta.streamSequence);
      throw new Error('always fails');
    });
    await bus.publish('identity.token.revoked', revoked(), { msgId: 'doomed' });
    await attempts.until(2);
    const givenUp = await eventually(
      async () => lines.find((line) => line.msg === 'event given up after its last delivery'),
      'the max-deliveries advisory to be logged',
    );
    expect(givenUp).toMatchObject({
      level: PINO_ERROR,
      stream: identityStream(namespace),
      consumer: 'spec-give-up',
      streamSequence: 1,
      deliveries: 2,
      subject: `${namespace}identity.token.revoked`,
      msgId: 'doomed',
    });
    expect(attempts.items).toEqual([1, 1]);
  });
});
