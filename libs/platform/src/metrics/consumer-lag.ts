import type { QueueDepth } from '@radar/contracts';
import { gauge } from './registry';

/** A durable JetStream consumer's backlog, as the server reports it. */
export interface NatsConsumerLag {
  stream: string;
  consumer: string;
  /** Messages of its subject not yet delivered to it: the lag. */
  pending: number;
  /** Delivered and not yet acknowledged: in its handlers, or waiting for redelivery. */
  ackPending: number;
  /** Delivered more than once and still not acknowledged. */
  redelivered: number;
}

/** Where a service's consumer lag is read from: its NATS consumers and the RabbitMQ queues it consumes. */
export interface ConsumerLagSource {
  nats?: () => Promise<NatsConsumerLag[]>;
  queues?: () => Promise<QueueDepth[]>;
}

const sources = new Set<ConsumerLagSource>();

/** A source that fails (NATS or RabbitMQ unreachable) reports nothing this scrape; its series vanish rather than lie. */
async function readAll<T>(read: (source: ConsumerLagSource) => (() => Promise<T[]>) | undefined): Promise<T[]> {
  const answers = await Promise.all(
    [...sources].map(async (source) => {
      const reader = read(source);
      if (!reader) return [];
      try {
        return await reader();
      } catch {
        return [];
      }
    }),
  );
  return answers.flat();
}

gauge({
  name: 'radar_nats_consumer_pending_messages',
  help: 'Messages in a JetStream stream not yet delivered to the durable consumer (its lag), read from the server at each scrape',
  labelNames: ['stream', 'consumer'] as const,
  async collect() {
    this.reset();
    for (const lag of await readAll((source) => source.nats)) this.set({ stream: lag.stream, consumer: lag.consumer }, lag.pending);
  },
});

gauge({
  name: 'radar_nats_consumer_ack_pending_messages',
  help: 'Messages delivered to the durable consumer and not yet acknowledged',
  labelNames: ['stream', 'consumer'] as const,
  async collect() {
    this.reset();
    for (const lag of await readAll((source) => source.nats)) this.set({ stream: lag.stream, consumer: lag.consumer }, lag.ackPending);
  },
});

gauge({
  name: 'radar_nats_consumer_redelivered_messages',
  help: 'Messages delivered to the durable consumer more than once and still not acknowledged (a handler failing on them)',
  labelNames: ['stream', 'consumer'] as const,
  async collect() {
    this.reset();
    for (const lag of await readAll((source) => source.nats)) this.set({ stream: lag.stream, consumer: lag.consumer }, lag.redelivered);
  },
});

gauge({
  name: 'radar_rabbitmq_queue_messages',
  help: 'Messages ready in a RabbitMQ queue the service consumes (work, delay and dead-letter queues), read from the broker at each scrape',
  labelNames: ['queue'] as const,
  async collect() {
    this.reset();
    for (const depth of await readAll((source) => source.queues)) this.set({ queue: depth.queue }, depth.messages);
  },
});

gauge({
  name: 'radar_rabbitmq_queue_consumers',
  help: 'Consumers subscribed to a RabbitMQ queue the service consumes',
  labelNames: ['queue'] as const,
  async collect() {
    this.reset();
    for (const depth of await readAll((source) => source.queues)) this.set({ queue: depth.queue }, depth.consumers);
  },
});

/** Reports a service's consumer lag on /metrics until the returned function is called (at its stop). */
export function watchConsumerLag(source: ConsumerLagSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}
