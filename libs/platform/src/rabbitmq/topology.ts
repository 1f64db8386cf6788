import type { Channel } from 'amqplib';
import type { QueueName } from '@radar/contracts';

/** The retry schedule of one work queue: the waits before the 2nd, 3rd, ... attempt. */
export interface QueueRetryPolicy {
  retryDelaysMs: readonly number[];
  /**
   * Up to this fraction of a scheduled wait is taken off at random (0.1: a 5-minute wait
   * lasts 4.5 to 5 minutes), so failures that happened together do not retry together.
   */
  jitter?: number;
}

export interface DelayQueue {
  delayMs: number;
  queue: string;
}

/** The broker objects behind one catalogue queue, with the prefix applied. */
export interface QueueTopology {
  name: QueueName;
  workExchange: string;
  deadLetterExchange: string;
  workQueue: string;
  deadLetterQueue: string;
  /** One queue per distinct delay of the schedule, shortest first. */
  delayQueues: readonly DelayQueue[];
}

/**
 * A quorum queue redelivers a message at most this many times (consumer gone before its
 * ack) before dead-lettering it: the backstop for a message that kills the process.
 */
const DELIVERY_LIMIT = 20;

export function exchangeNames(prefix: string): { workExchange: string; deadLetterExchange: string } {
  return { workExchange: `${prefix}radar.work`, deadLetterExchange: `${prefix}radar.dead-letter` };
}

export function queueTopology(prefix: string, name: QueueName, policy: QueueRetryPolicy): QueueTopology {
  const delays = [...new Set(policy.retryDelaysMs)].sort((a, b) => a - b);
  return {
    name,
    ...exchangeNames(prefix),
    workQueue: `${prefix}${name}`,
    deadLetterQueue: `${prefix}${name}.dead-letter`,
    // The delay is part of the name: a queue's TTL cannot change once declared, so a new
    // schedule declares new queues instead of failing on the old ones.
    delayQueues: delays.map((delayMs) => ({ delayMs, queue: `${prefix}${name}.delay.${delayMs}ms` })),
  };
}

/**
 * Quorum queues throughout (RabbitMQ 3.10+): replicated and durable, a publish is confirmed
 * only once a majority has written it, redeliveries are counted (DELIVERY_LIMIT), and
 * dead-lettering can be at-least-once, so a message leaving a delay queue for its work
 * queue, or a work queue for its dead-letter queue, cannot be dropped on the way (classic
 * queues dead-letter at most once). What they lack (exclusive, non-durable, priorities) is
 * nothing a work queue needs.
 */
const quorum = (extra: Record<string, unknown> = {}) => ({
  durable: true,
  arguments: { 'x-queue-type': 'quorum', ...extra },
});

const atLeastOnceDeadLettering = (exchange: string, routingKey: string) => ({
  'x-dead-letter-exchange': exchange,
  'x-dead-letter-routing-key': routingKey,
  'x-dead-letter-strategy': 'at-least-once',
  // at-least-once dead-lettering requires it; no length limit is set, so it never rejects.
  'x-overflow': 'reject-publish',
});

/** Declares (idempotently) the exchanges and queues of one catalogue queue. */
export async function declareQueueTopology(channel: Channel, topology: QueueTopology): Promise<void> {
  await channel.assertExchange(topology.workExchange, 'direct', { durable: true });
  await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });

  await channel.assertQueue(
    topology.workQueue,
    quorum({ 'x-delivery-limit': DELIVERY_LIMIT, ...atLeastOnceDeadLettering(topology.deadLetterExchange, topology.name) }),
  );
  await channel.bindQueue(topology.workQueue, topology.workExchange, topology.name);

  await channel.assertQueue(topology.deadLetterQueue, quorum());
  await channel.bindQueue(topology.deadLetterQueue, topology.deadLetterExchange, topology.name);

  // A delay queue has no consumer: its messages expire after its TTL and dead-letter back
  // to the work exchange under the work queue's routing key.
  for (const { delayMs, queue } of topology.delayQueues) {
    await channel.assertQueue(queue, quorum({ 'x-message-ttl': delayMs, ...atLeastOnceDeadLettering(topology.workExchange, topology.name) }));
  }
}

/** Deletes one catalogue queue's queues (the shared exchanges are left to deleteExchanges). */
export async function deleteQueueTopology(channel: Channel, topology: QueueTopology): Promise<void> {
  for (const queue of [topology.workQueue, topology.deadLetterQueue, ...topology.delayQueues.map((d) => d.queue)]) {
    await channel.deleteQueue(queue);
  }
}
