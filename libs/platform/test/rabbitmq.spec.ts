import { randomUUID } from 'node:crypto';
import { connect, type ConfirmChannel, type GetMessage } from 'amqplib';
import pino from 'pino';
import { ZodError } from 'zod';
import type { QueueMessage } from '@radar/contracts';
import { AppError } from '../src/errors';
import { HEADERS, RabbitMq, RetryLater, StopRetrying, type DeliveryContext, type RabbitMqOptions } from '../src/rabbitmq';
import { brokerConnectionsNamed, eventually, testInfrastructure, testNamespace } from '../src/testing';

const QUEUE = 'delivery.webhook';
type Delivery = QueueMessage<typeof QUEUE>;

const aDelivery = (): Delivery => ({ deliveryId: randomUUID() });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogRecord {
  level: number;
  msg: string;
  reason?: string;
}

interface OpenedRabbit {
  rabbit: RabbitMq;
  logs: LogRecord[];
}

const opened: { rabbit: RabbitMq; options: RabbitMqOptions }[] = [];

/** A RabbitMq of the test's own (its own prefix unless given), its logs kept for assertions. */
async function openRabbit(
  retryDelaysMs: number[],
  overrides: Partial<Omit<RabbitMqOptions, 'queues' | 'logger'>> = {},
): Promise<OpenedRabbit> {
  const logs: LogRecord[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as LogRecord) });
  const options: RabbitMqOptions = {
    url: testInfrastructure.amqpUrl,
    name: 'platform-rabbitmq-spec',
    prefix: testNamespace(),
    logger,
    queues: { [QUEUE]: { retryDelaysMs } },
    reconnect: { initialDelayMs: 100, maxDelayMs: 1_000 },
    ...overrides,
  };
  const rabbit = await RabbitMq.connect(options);
  opened.push({ rabbit, options });
  return { rabbit, logs };
}

/** A plain amqplib channel for looking behind the module's back; what it publishes is confirmed before its connection closes. */
async function withRawChannel<T>(work: (channel: ConfirmChannel) => Promise<T>): Promise<T> {
  const model = await connect(testInfrastructure.amqpUrl);
  try {
    const channel = await model.createConfirmChannel();
    const result = await work(channel);
    await channel.waitForConfirms();
    return result;
  } finally {
    await model.close().catch(() => undefined);
  }
}

const readyCount = (queue: string) => withRawChannel(async (channel) => (await channel.checkQueue(queue)).messageCount);

/** Takes every ready message off a queue. */
const drainQueue = (queue: string) =>
  withRawChannel(async (channel) => {
    const taken: GetMessage[] = [];
    for (let message = await channel.get(queue, { noAck: true }); message; message = await channel.get(queue, { noAck: true })) {
      taken.push(message);
    }
    return taken;
  });

/** What a handler saw, and when. */
interface Arrival {
  message: Delivery;
  context: DeliveryContext;
  at: number;
}

/** A connection name of the test's own: the broker drops the connections so named, and no other suite's. */
const aConnectionName = () => `platform-rabbitmq-spec ${randomUUID()}`;

const unhandledRejections: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandledRejections.push(reason);
beforeAll(() => process.on('unhandledRejection', recordUnhandled));

afterEach(async () => {
  for (const { rabbit, options } of opened.splice(0)) {
    await rabbit.close({ graceMs: 2_000 });
    await RabbitMq.deleteTopology(options);
  }
});

afterAll(() => {
  process.off('unhandledRejection', recordUnhandled);
  expect(unhandledRejections).toEqual([]);
});

describe('RabbitMq publishing', () => {
  it('resolves a publish once the broker holds the message: persistent, JSON, on attempt 1', async () => {
    const { rabbit } = await openRabbit([50]);
    const delivery = aDelivery();
    await rabbit.publish(QUEUE, delivery);

    const [stored, ...others] = await drainQueue(rabbit.topologyOf(QUEUE).workQueue);
    expect(others).toHaveLength(0);
    expect(JSON.parse(stored?.content.toString() ?? '')).toEqual(delivery);
    expect(stored?.properties).toMatchObject({ deliveryMode: 2, contentType: 'application/json', headers: { [HEADERS.attempt]: 1 } });
  });

  it('refuses a message that does not fit the catalogue schema, and sends nothing', async () => {
    const { rabbit } = await openRabbit([50]);
    await expect(rabbit.publish(QUEUE, { deliveryId: 'not-a-uuid' })).rejects.toBeInstanceOf(ZodError);
    expect(await readyCount(rabbit.topologyOf(QUEUE).workQueue)).toBe(0);
  });

  it('fails loudly when the broker cannot be reached within the startup bound', async () => {
    const started = Date.now();
    await expect(
      RabbitMq.connect({
        url: 'amqp://guest:guest@127.0.0.1:1',
        name: 'platform-rabbitmq-spec',
        logger: pino({ level: 'silent' }),
        queues: { [QUEUE]: { retryDelaysMs: [] } },
        startupTimeoutMs: 400,
      }),
    ).rejects.toThrow(/Could not connect to RabbitMQ within 400 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('RabbitMq consuming', () => {
  it('hands each published message, parsed, to the handler and acknowledges it', async () => {
    const { rabbit } = await openRabbit([50]);
    const sent = [aDelivery(), aDelivery(), aDelivery()];
    for (const delivery of sent) await rabbit.publish(QUEUE, delivery);

    const arrivals: Arrival[] = [];
    await rabbit.consume(QUEUE, { prefetch: 5 }, async (message, context) => {
      arrivals.push({ message, context, at: Date.now() });
    });
    await eventually(() => arrivals.length === 3, 'three arrivals');

    expect(arrivals.map((arrival) => arrival.message)).toEqual(sent);
    expect(arrivals.map((arrival) => arrival.context)).toEqual(
      sent.map(() => ({ attempt: 1, maxAttempts: 2, isLastAttempt: false, redelivered: false })),
    );
    await rabbit.close();
    // Unacknowledged messages would be back in the queue once the connection is gone.
    expect(await readyCount(rabbit.topologyOf(QUEUE).workQueue)).toBe(0);
  });

  it('never has more messages at work than the prefetch', async () => {
    const { rabbit } = await openRabbit([50]);
    for (let i = 0; i < 12; i++) await rabbit.publish(QUEUE, aDelivery());

    let atWork = 0;
    let mostAtWork = 0;
    let handled = 0;
    await rabbit.consume(QUEUE, { prefetch: 3 }, async () => {
      atWork += 1;
      mostAtWork = Math.max(mostAtWork, atWork);
      await sleep(60);
      atWork -= 1;
      handled += 1;
    });
    await eventually(() => handled === 12, 'twelve messages handled');
    expect(mostAtWork).toBe(3);
  });

  it('dead-letters invalid JSON and schema-invalid messages, logged, and goes on with the next message', async () => {
    const { rabbit, logs } = await openRabbit([50]);
    const { workExchange, deadLetterQueue } = rabbit.topologyOf(QUEUE);
    const handled: Delivery[] = [];
    await rabbit.consume(QUEUE, { prefetch: 2 }, async (message) => {
      handled.push(message);
    });

    await withRawChannel(async (channel) => {
      channel.publish(workExchange, QUEUE, Buffer.from('{"deliveryId": '), { persistent: true });
      channel.publish(workExchange, QUEUE, Buffer.from(JSON.stringify({ deliveryId: 42 })), { persistent: true });
    });
    const valid = aDelivery();
    await rabbit.publish(QUEUE, valid);

    await eventually(() => handled.length === 1, 'the valid message');
    await eventually(async () => (await readyCount(deadLetterQueue)) === 2, 'two dead letters');
    const dead = await drainQueue(deadLetterQueue);
    expect(dead.map((message) => message.properties.headers?.[HEADERS.deadLetterReason]).sort()).toEqual(['invalid-json', 'invalid-message']);
    expect(dead.map((message) => message.content.toString()).sort()).toEqual(['{"deliveryId": ', '{"deliveryId":42}']);
    expect(handled).toEqual([valid]);
    expect(logs.filter((log) => log.msg === 'message dead-lettered' && log.level === 50).map((log) => log.reason)).toHaveLength(2);
    expect(rabbit.isConnected).toBe(true);
  });
});

describe('RabbitMq retries', () => {
  it('retries a failing handler through each delay queue with a rising attempt, then dead-letters it', async () => {
    const delays = [60, 120, 180];
    const { rabbit } = await openRabbit(delays);
    const arrivals: Arrival[] = [];
    await rabbit.consume(QUEUE, { prefetch: 1 }, async (message, context) => {
      arrivals.push({ message, context, at: Date.now() });
      throw new Error(`receiver answered 503 on attempt ${context.attempt}`);
    });
    const delivery = aDelivery();
    await rabbit.publish(QUEUE, delivery);

    const { deadLetterQueue } = rabbit.topologyOf(QUEUE);
    await eventually(async () => (await readyCount(deadLetterQueue)) === 1, 'the dead letter');
    expect(arrivals.map((arrival) => [arrival.context.attempt, arrival.context.isLastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(arrivals.every((arrival) => arrival.message.deliveryId === delivery.deliveryId)).toBe(true);
    delays.forEach((delay, index) => {
      const waited = (arrivals[index + 1]?.at ?? 0) - (arrivals[index]?.at ?? 0);
      expect(waited).toBeGreaterThanOrEqual(delay - 5);
    });

    const [dead] = await drainQueue(deadLetterQueue);
    expect(JSON.parse(dead?.content.toString() ?? '')).toEqual(delivery);
    expect(dead?.properties.headers).toMatchObject({
      [HEADERS.attempt]: 4,
      [HEADERS.deadLetterReason]: 'retries-exhausted',
      [HEADERS.lastError]: 'receiver answered 503 on attempt 4',
    });
    await sleep(300);
    expect(arrivals).toHaveLength(4);
  });

  it('waits at least the delay the handler asks for, in the smallest delay queue long enough', async () => {
    const { rabbit } = await openRabbit([50, 1_500]);
    const arrivals: Arrival[] = [];
    await rabbit.consume(QUEUE, { prefetch: 1 }, async (message, context) => {
      arrivals.push({ message, context, at: Date.now() });
      if (context.attempt === 1) throw new RetryLater(400, 'receiver answered 429 with Retry-After');
    });
    await rabbit.publish(QUEUE, aDelivery());

    await eventually(() => arrivals.length === 2, 'the second attempt');
    const waited = (arrivals[1]?.at ?? 0) - (arrivals[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(395);
    expect(waited).toBeLessThan(1_400);
    expect(arrivals[1]?.context.attempt).toBe(2);
  });

  it('waits longer than the longest delay queue when asked, without spending attempts on the way', async () => {
    const { rabbit } = await openRabbit([50, 200]);
    const arrivals: Arrival[] = [];
    await rabbit.consume(QUEUE, { prefetch: 1 }, async (message, context) => {
      arrivals.push({ message, context, at: Date.now() });
      if (context.attempt === 1) throw new RetryLater(700, 'receiver answered 503 with Retry-After');
    });
    await rabbit.publish(QUEUE, aDelivery());

    await eventually(() => arrivals.length === 2, 'the second attempt');
    expect((arrivals[1]?.at ?? 0) - (arrivals[0]?.at ?? 0)).toBeGreaterThanOrEqual(695);
    expect(arrivals.map((arrival) => arrival.context.attempt)).toEqual([1, 2]);
  });

  it('dead-letters at once, with no further attempt, when the handler stops retrying', async () => {
    const { rabbit } = await openRabbit([50, 50, 50]);
    let calls = 0;
    await rabbit.consume(QUEUE, { prefetch: 1 }, async () => {
      calls += 1;
      throw new StopRetrying('receiver answered 410 Gone');
    });
    await rabbit.publish(QUEUE, aDelivery());

    const { deadLetterQueue } = rabbit.topologyOf(QUEUE);
    await eventually(async () => (await readyCount(deadLetterQueue)) === 1, 'the dead letter');
    await sleep(300);
    expect(calls).toBe(1);
    const [dead] = await drainQueue(deadLetterQueue);
    expect(dead?.properties.headers).toMatchObject({
      [HEADERS.attempt]: 1,
      [HEADERS.deadLetterReason]: 'stopped-retrying',
      [HEADERS.lastError]: 'receiver answered 410 Gone',
    });
  });
});

describe('RabbitMq when the broker drops its connections', () => {
  it('reconnects, resumes consuming and processes every message at least once while publishing goes on', async () => {
    const name = aConnectionName();
    const { rabbit, logs } = await openRabbit([50, 100], { name });
    const connections = await brokerConnectionsNamed(name);
    expect(connections.count).toBe(1);
    const processed = new Map<string, number>();
    const redelivered = new Set<string>();
    await rabbit.consume(QUEUE, { prefetch: 20 }, async (message, context) => {
      if (context.redelivered) redelivered.add(message.deliveryId);
      // About a dozen handlers are at work at any moment, so some are when the broker drops us.
      await sleep(40);
      processed.set(message.deliveryId, (processed.get(message.deliveryId) ?? 0) + 1);
    });

    // Four publishers go on before, during and after the outage, until 40 messages went out on the new connection.
    const reconnected = () => logs.some((log) => log.msg === 'RabbitMQ reconnected; topology declared and consumers resumed');
    const published: string[] = [];
    let publishedAfterReconnect = 0;
    let dropped: Promise<unknown> | undefined;
    const publishers = Array.from({ length: 4 }, async () => {
      while (publishedAfterReconnect < 40 && published.length < 5_000) {
        const delivery = aDelivery();
        await rabbit.publish(QUEUE, delivery);
        published.push(delivery.deliveryId);
        if (published.length === 60) dropped = connections.forceClose();
        if (reconnected()) publishedAfterReconnect += 1;
        await sleep(10);
      }
    });
    await Promise.all(publishers);
    await dropped;

    await eventually(() => published.every((id) => processed.has(id)), 'every published message processed', 20_000);
    expect(publishedAfterReconnect).toBeGreaterThanOrEqual(40);
    expect(new Set(published).size).toBe(published.length);
    // Handlers were at work when the connection went: their messages came again, marked as such.
    const handledTwice = [...processed].filter(([, times]) => times > 1).map(([id]) => id);
    expect(handledTwice.length).toBeGreaterThan(0);
    expect(handledTwice.every((id) => redelivered.has(id))).toBe(true);
    expect(logs.some((log) => log.msg === 'RabbitMQ connection lost')).toBe(true);
    expect(rabbit.isConnected).toBe(true);
    expect(await readyCount(rabbit.topologyOf(QUEUE).deadLetterQueue)).toBe(0);
  });

  it('holds a publish until the connection is back, and fails it with SERVICE_UNAVAILABLE when the wait outlasts its bound', async () => {
    const name = aConnectionName();
    const patient = await openRabbit([50], { name, publishTimeoutMs: 8_000, reconnect: { initialDelayMs: 1_000, maxDelayMs: 1_000 } });
    const hasty = await openRabbit([50], { name, publishTimeoutMs: 300, reconnect: { initialDelayMs: 3_000, maxDelayMs: 3_000 } });

    const connections = await brokerConnectionsNamed(name);
    expect(connections.count).toBe(2);
    await connections.forceClose();
    await eventually(() => !patient.rabbit.isConnected && !hasty.rabbit.isConnected, 'both connections lost');

    const held = aDelivery();
    const failure = await hasty.rabbit.publish(QUEUE, aDelivery()).catch((error: unknown) => error);
    await patient.rabbit.publish(QUEUE, held);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(patient.rabbit.isConnected).toBe(true);
    const [stored] = await drainQueue(patient.rabbit.topologyOf(QUEUE).workQueue);
    expect(JSON.parse(stored?.content.toString() ?? '')).toEqual(held);
  });
});

describe('RabbitMq graceful stop', () => {
  it('stops consuming, lets handlers at work finish and acknowledges them before closing', async () => {
    const { rabbit } = await openRabbit([50]);
    for (let i = 0; i < 3; i++) await rabbit.publish(QUEUE, aDelivery());

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    let finished = 0;
    await rabbit.consume(QUEUE, { prefetch: 2 }, async () => {
      started += 1;
      await gate;
      finished += 1;
    });
    await eventually(() => started === 2, 'two handlers at work');

    let closed = false;
    const closing = rabbit.close().then(() => {
      closed = true;
    });
    await sleep(150);
    expect(closed).toBe(false);
    release();
    await closing;

    expect([started, finished]).toEqual([2, 2]);
    expect(await readyCount(rabbit.topologyOf(QUEUE).workQueue)).toBe(1);
  });
});
