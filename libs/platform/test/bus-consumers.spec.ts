import type { EventPayload } from '@radar/contracts';
import { eventually, testNamespace } from '../src/testing';
import { busPool, gate, inbox, revoked, streamIn } from './bus-harness';

const buses = busPool();
afterAll(() => buses.closeAll());

/** Counts handlers running at once. */
function concurrencyMeter() {
  let running = 0;
  let peak = 0;
  return {
    async around(work: () => Promise<void>) {
      running += 1;
      peak = Math.max(peak, running);
      try {
        await work();
      } finally {
        running -= 1;
      }
    },
    get peak() {
      return peak;
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Bus consumers: concurrency', () => {
  it('runs at most `concurrency` handlers at once and holds no more messages than it runs', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const release = gate();
    const meter = concurrencyMeter();
    const started = inbox<string>();
    const finished = inbox<string>();
    await bus.consume('identity.token.revoked', { durable: 'spec-parallel', concurrency: 3 }, (payload) =>
      meter.around(async () => {
        started.push(payload.tokenId);
        await release.opened;
        finished.push(payload.tokenId);
      }),
    );
    const events = Array.from({ length: 7 }, revoked);
    for (const event of events) await bus.publish('identity.token.revoked', event, { msgId: event.tokenId });

    await started.until(3);
    await pause(300);
    expect(started.items).toHaveLength(3);
    const manager = await bus.connection.jetstreamManager();
    const held = await manager.consumers.info(streamIn(namespace, 'IDENTITY'), 'spec-parallel');
    // Delivered to this process and not yet acknowledged: only the three running.
    expect(held.num_ack_pending).toBe(3);
    expect(held.num_pending).toBe(4);

    release.open();
    await finished.until(events.length);
    expect([...finished.items].sort()).toEqual(events.map((event) => event.tokenId).sort());
    expect(meter.peak).toBe(3);
  });

  it('tops up freed slots in pulls of several messages, not one pull per finished handler', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    await bus.ensureStreams(['IDENTITY']);
    const events = Array.from({ length: 48 }, revoked);
    for (const event of events) await bus.publish('identity.token.revoked', event, { msgId: event.tokenId });
    // Each pull is a request on the consumer's API subject: a plain subscription hears them all.
    let pulls = 0;
    const pullRequests = bus.connection.subscribe(`$JS.API.CONSUMER.MSG.NEXT.${streamIn(namespace, 'IDENTITY')}.spec-refill`, { callback: () => (pulls += 1) });
    const handled = inbox<string>();
    let started = 0;
    await bus.consume('identity.token.revoked', { durable: 'spec-refill', concurrency: 8 }, async (payload) => {
      started += 1;
      // Handlers finish one by one, a few milliseconds apart.
      await pause(2 + (started % 8) * 3);
      handled.push(payload.tokenId);
    });

    await handled.until(events.length);
    pullRequests.unsubscribe();
    expect([...handled.items].sort()).toEqual(events.map((event) => event.tokenId).sort());
    // One pull per finished handler would be about 48; topping up half the slots at a time, about 12.
    expect(pulls).toBeLessThanOrEqual(20);
  });

  it('handles one event at a time by default, in stream order', async () => {
    const bus = await buses.open(testNamespace());
    const meter = concurrencyMeter();
    const handled = inbox<string>();
    await bus.consume('identity.token.revoked', { durable: 'spec-serial' }, (payload) =>
      meter.around(async () => {
        await pause(20);
        handled.push(payload.tokenId);
      }),
    );
    const events = Array.from({ length: 5 }, revoked);
    for (const event of events) await bus.publish('identity.token.revoked', event, { msgId: event.tokenId });
    await expect(handled.until(events.length)).resolves.toEqual(events.map((event) => event.tokenId));
    expect(meter.peak).toBe(1);
  });
});

describe('Bus consumers: graceful stop', () => {
  it('stopConsumers waits for the handler in flight, acknowledges its message and takes no new one', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const release = gate();
    const started = inbox<string>();
    const finished = inbox<string>();
    await bus.consume('identity.token.revoked', { durable: 'spec-stop', concurrency: 2 }, async (payload) => {
      started.push(payload.tokenId);
      await release.opened;
      finished.push(payload.tokenId);
    });
    const [inFlight, later] = [revoked(), revoked()];
    await bus.publish('identity.token.revoked', inFlight, { msgId: inFlight.tokenId });
    await started.until(1);

    let stopped = false;
    const stopping = bus.stopConsumers().then(() => {
      stopped = true;
    });
    await bus.publish('identity.token.revoked', later, { msgId: later.tokenId });
    await pause(300);
    expect(stopped).toBe(false);

    release.open();
    await stopping;
    expect(finished.items).toEqual([inFlight.tokenId]);
    expect(started.items).toEqual([inFlight.tokenId]);
    const manager = await bus.connection.jetstreamManager();
    const info = await eventually(async () => {
      const current = await manager.consumers.info(streamIn(namespace, 'IDENTITY'), 'spec-stop');
      return current.ack_floor.stream_seq === 1 ? current : undefined;
    }, 'the in-flight message to be acknowledged');
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_pending).toBe(1);
  });

  it('leaves what arrives after the stop to another replica at once, not after the ack wait', async () => {
    const namespace = testNamespace();
    const stoppingReplica = await buses.open(namespace);
    const release = gate();
    const onStopping = inbox<string>();
    await stoppingReplica.consume('identity.token.revoked', { durable: 'spec-handover', concurrency: 2, ackWaitMs: 30_000 }, async (payload) => {
      onStopping.push(payload.tokenId);
      await release.opened;
    });
    const [inFlight, later] = [revoked(), revoked()];
    await stoppingReplica.publish('identity.token.revoked', inFlight, { msgId: inFlight.tokenId });
    await onStopping.until(1);
    const stopping = stoppingReplica.stopConsumers();
    await stoppingReplica.publish('identity.token.revoked', later, { msgId: later.tokenId });

    const otherReplica = await buses.open(namespace);
    const onOther = inbox<EventPayload<'identity.token.revoked'>>();
    await otherReplica.consume('identity.token.revoked', { durable: 'spec-handover', concurrency: 2, ackWaitMs: 30_000 }, async (payload) => {
      onOther.push(payload);
    });
    const startedAt = Date.now();
    await expect(onOther.until(1)).resolves.toEqual([later]);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    release.open();
    await stopping;
    expect(onStopping.items).toEqual([inFlight.tokenId]);
  });
});
