import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@radar/contracts';
import { testNamespace } from '../src/testing';
import { busPool, inbox, streamIn } from './bus-harness';

const buses = busPool();
afterAll(() => buses.closeAll());

const nanos = (ms: number) => ms * 1_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const unlocked = (): EventPayload<'companies.unlocked'> => ({ workspaceId: randomUUID(), exportId: randomUUID(), companyIds: [randomUUID()] });

describe('Bus streams', () => {
  it('creates a stream with the settings the contracts declare for it', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    await bus.ensureStreams(['COMPANIES']);
    const { config } = await (await bus.connection.jetstreamManager()).streams.info(streamIn(namespace, 'COMPANIES'));
    expect(config).toMatchObject({
      subjects: [`${namespace}companies.>`],
      retention: 'limits',
      storage: 'file',
      max_age: nanos(30 * DAY_MS),
      duplicate_window: nanos(10 * 60_000),
      // This server is not clustered: one copy, whatever a cluster would keep.
      num_replicas: 1,
    });
  });

  it('lets a consumer start before the owner of its stream: it creates the stream with the same settings', async () => {
    const namespace = testNamespace();
    const consumerSide = await buses.open(namespace);
    const handled = inbox<EventPayload<'companies.unlocked'>>();
    await consumerSide.consume('companies.unlocked', { durable: 'spec-early' }, async (payload) => {
      handled.push(payload);
    });
    const manager = await consumerSide.connection.jetstreamManager();
    const created = await manager.streams.info(streamIn(namespace, 'COMPANIES'));
    expect(created.config).toMatchObject({ retention: 'limits', max_age: nanos(30 * DAY_MS), duplicate_window: nanos(10 * 60_000) });

    const owner = await buses.open(namespace);
    const event = unlocked();
    await owner.publish('companies.unlocked', event, { msgId: event.exportId });
    await owner.ensureStreams(['COMPANIES']);
    await expect(handled.until(1)).resolves.toEqual([event]);
    expect((await manager.streams.info(streamIn(namespace, 'COMPANIES'))).state.messages).toBe(1);
  });

  it('leaves an existing stream as its owner configured it when a consumer starts', async () => {
    const namespace = testNamespace();
    const owner = await buses.open(namespace);
    await owner.ensureStreams(['COMPANIES']);
    const manager = await owner.connection.jetstreamManager();
    const stream = streamIn(namespace, 'COMPANIES');
    await manager.streams.update(stream, { max_age: nanos(60 * 60_000) });
    await owner.consume('companies.locked', { durable: 'spec-existing' }, async () => undefined);
    expect((await manager.streams.info(stream)).config.max_age).toBe(nanos(60 * 60_000));
  });

  it('lets two consumers that both find the stream missing start together', async () => {
    const namespace = testNamespace();
    const [first, second] = await Promise.all([buses.open(namespace), buses.open(namespace)]);
    await expect(
      Promise.all([
        first.consume('companies.unlocked', { durable: 'spec-race-a' }, async () => undefined),
        second.consume('companies.locked', { durable: 'spec-race-b' }, async () => undefined),
      ]),
    ).resolves.toBeDefined();
  });
});
