import { connect } from 'amqplib';
import type { QueueDepth, QueueMessage, QueueName } from '@radar/contracts';
import type { Logger } from 'pino';
import { AmqpConnection } from './connection';
import { QueueConsumer, type ConsumeOptions, type QueueHandler } from './consumer';
import { QueuePublisher } from './publisher';
import type { ReconnectOptions } from './reconnect-delay';
import { declareQueueTopology, deleteQueueTopology, exchangeNames, queueTopology, type QueueRetryPolicy, type QueueTopology } from './topology';

export interface RabbitMqOptions {
  url: string;
  /** Connection name shown by the broker, usually the service name. */
  name: string;
  /** Prepended to every exchange and queue name; tests use it to get their own. */
  prefix?: string;
  logger: Logger;
  /**
   * The catalogue queues this process publishes to or consumes, each with its retry
   * schedule. Their topology is declared on every (re)connection.
   */
  queues: Partial<Record<QueueName, QueueRetryPolicy>>;
  reconnect?: ReconnectOptions;
  /** How long connect() and consume() wait for the broker at start (default 30 s). */
  startupTimeoutMs?: number;
  /** How long publish() waits for a connection and a confirm, across reconnects, before it fails (default 10 s). */
  publishTimeoutMs?: number;
}

const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;
const DEFAULT_PUBLISH_TIMEOUT_MS = 10_000;
const DEFAULT_CLOSE_GRACE_MS = 30_000;

function topologiesOf(options: Pick<RabbitMqOptions, 'prefix' | 'queues'>): Map<QueueName, QueueTopology> {
  const topologies = new Map<QueueName, QueueTopology>();
  for (const [name, policy] of Object.entries(options.queues) as [QueueName, QueueRetryPolicy | undefined][]) {
    if (policy) topologies.set(name, queueTopology(options.prefix ?? '', name, policy));
  }
  return topologies;
}

/**
 * Work queues on RabbitMQ: typed publishing with broker confirms, consumers with manual acks
 * and a retry schedule of delay queues, a dead-letter queue per work queue, and a connection
 * that comes back by itself after the broker drops it.
 */
export class RabbitMq {
  private readonly consumers: Pick<QueueConsumer<QueueName>, 'stop' | 'drain'>[] = [];

  private constructor(
    private readonly connection: AmqpConnection,
    private readonly publisher: QueuePublisher,
    private readonly topologies: ReadonlyMap<QueueName, QueueTopology>,
    private readonly options: RabbitMqOptions,
  ) {}

  static async connect(options: RabbitMqOptions): Promise<RabbitMq> {
    const topologies = topologiesOf(options);
    const connection = new AmqpConnection({ url: options.url, name: options.name, logger: options.logger, reconnect: options.reconnect });
    connection.addSetup((session) =>
      session.withChannel(async (channel) => {
        for (const topology of topologies.values()) await declareQueueTopology(channel, topology);
        options.logger.info({ queues: [...topologies.keys()], prefix: options.prefix ?? '' }, 'RabbitMQ topology declared');
      }),
    );
    await connection.start(options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS);
    const publisher = new QueuePublisher(connection, topologies, options.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS, options.logger);
    return new RabbitMq(connection, publisher, topologies, options);
  }

  /** Deletes the queues and exchanges of these catalogue queues under the prefix (tests clean up with it). */
  static async deleteTopology(options: Pick<RabbitMqOptions, 'url' | 'prefix' | 'queues'>): Promise<void> {
    const model = await connect(options.url);
    try {
      const channel = await model.createChannel();
      for (const topology of topologiesOf(options).values()) await deleteQueueTopology(channel, topology);
      const exchanges = exchangeNames(options.prefix ?? '');
      await channel.deleteExchange(exchanges.workExchange);
      await channel.deleteExchange(exchanges.deadLetterExchange);
    } finally {
      await model.close();
    }
  }

  /** True while a connection is up with its topology declared and its consumers subscribed. */
  get isConnected(): boolean {
    return this.connection.isReady;
  }

  /** The broker objects behind a configured queue (names with the prefix). */
  topologyOf(name: QueueName): QueueTopology {
    const topology = this.topologies.get(name);
    if (!topology) throw new Error(`Queue ${name} is not configured on this RabbitMQ connection`);
    return topology;
  }

  /**
   * Messages waiting in every broker queue behind the configured queues (work, delay and
   * dead-letter queues), with their consumers: the queue lag `radar status` shows.
   */
  async queueDepths(timeoutMs = 2_000): Promise<QueueDepth[]> {
    const session = await this.connection.whenReady(timeoutMs);
    return session.withChannel(async (channel) => {
      const depths: QueueDepth[] = [];
      for (const topology of this.topologies.values()) {
        for (const queue of [topology.workQueue, ...topology.delayQueues.map((delay) => delay.queue), topology.deadLetterQueue]) {
          const { messageCount, consumerCount } = await channel.checkQueue(queue);
          depths.push({ queue, messages: messageCount, consumers: consumerCount });
        }
      }
      return depths;
    });
  }

  /**
   * Validates the message with the catalogue's schema (a ZodError when it does not fit) and
   * resolves once the broker has confirmed it; see QueuePublisher for waits and failures.
   */
  publish<Q extends QueueName>(name: Q, message: QueueMessage<Q>): Promise<void> {
    return this.publisher.publish(name, message);
  }

  /** Consumes a configured queue from now on, across reconnects; resolves once subscribed. */
  async consume<Q extends QueueName>(name: Q, options: ConsumeOptions, handler: QueueHandler<Q>): Promise<void> {
    const policy = this.options.queues[name];
    if (!policy) throw new Error(`Queue ${name} is not configured on this RabbitMQ connection`);
    const consumer = new QueueConsumer<Q>(this.connection, this.topologyOf(name), policy, options, handler, this.options.logger);
    this.consumers.push(consumer);
    this.connection.addSetup(consumer.subscribe);
    await consumer.whenStarted(this.options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS);
  }

  /**
   * Graceful stop: stop consuming, wait (up to `graceMs`) for the handlers at work, then
   * close the channels and the connection. Messages received but not handled go back to
   * their queue.
   */
  async close(options: { graceMs?: number } = {}): Promise<void> {
    const graceMs = options.graceMs ?? DEFAULT_CLOSE_GRACE_MS;
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
    const deadline = Date.now() + graceMs;
    const drained = await Promise.all(this.consumers.map((consumer) => consumer.drain(Math.max(0, deadline - Date.now()))));
    if (drained.includes(false)) this.options.logger.warn({ graceMs }, 'closing RabbitMQ with handlers still at work; their messages will be delivered again');
    await this.connection.close();
  }
}
