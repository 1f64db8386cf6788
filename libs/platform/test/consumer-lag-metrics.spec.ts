import { watchConsumerLag } from '../src/metrics';
import { currentMetricSamples, eventually, sampleValue, testNamespace } from '../src/testing';
import { busPool, gate, inbox, revoked, streamIn } from './bus-harness';

const buses = busPool();
afterAll(() => buses.closeAll());

describe('consumer lag on /metrics', () => {
  it('shows a NATS consumer falling behind while its handler is stuck, and catching up after', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    const stop = watchConsumerLag({ nats: () => bus.consumerLag() });
    try {
      const release = gate();
      const handled = inbox<string>();
      await bus.consume('identity.token.revoked', { durable: 'spec-lag' }, async (payload) => {
        await release.opened;
        handled.push(payload.tokenId);
      });
      const labels = { stream: streamIn(namespace, 'IDENTITY'), consumer: 'spec-lag' };
      const lagNow = async () => {
        const samples = await currentMetricSamples();
        return {
          pending: sampleValue(samples, 'radar_nats_consumer_pending_messages', labels),
          ackPending: sampleValue(samples, 'radar_nats_consumer_ack_pending_messages', labels),
        };
      };
      expect(await lagNow()).toEqual({ pending: 0, ackPending: 0 });

      const events = Array.from({ length: 6 }, revoked);
      for (const event of events) await bus.publish('identity.token.revoked', event, { msgId: event.tokenId });
      // One in the stuck handler, the other five waiting in the stream.
      await eventually(async () => {
        const lag = await lagNow();
        return lag.pending === 5 && lag.ackPending === 1 ? lag : undefined;
      }, 'the lag of six events behind a stuck handler');

      release.open();
      await handled.until(events.length);
      await eventually(async () => {
        const lag = await lagNow();
        return lag.pending === 0 && lag.ackPending === 0 ? lag : undefined;
      }, 'the consumer to catch up');
    } finally {
      stop();
    }
  });

  it('stops reporting a service once it stopped', async () => {
    const namespace = testNamespace();
    const bus = await buses.open(namespace);
    await bus.consume('identity.token.revoked', { durable: 'spec-gone' }, async () => undefined);
    const labels = { stream: streamIn(namespace, 'IDENTITY'), consumer: 'spec-gone' };
    const stop = watchConsumerLag({ nats: () => bus.consumerLag() });
    expect(sampleValue(await currentMetricSamples(), 'radar_nats_consumer_pending_messages', labels)).toBe(0);
    stop();
    expect(sampleValue(await currentMetricSamples(), 'radar_nats_consumer_pending_messages', labels)).toBeUndefined();
  });
});
