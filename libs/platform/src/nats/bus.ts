import {
  AckPolicy,
  connect,
  DeliverPolicy,
  Events,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type PubAck,
  type Subscription,
} from 'nats';
import type { z } from 'zod';
import type { Logger } from 'pino';
import {
  EVENTS,
  rpcEnvelopeSchema,
  STREAMS,
  type ErrorCode,
  type EventPayload,
  type EventSubject,
  type RpcDefinition,
  type RpcEnvelope,
  type StreamName,
  ERROR_STATUS,
} from '@radar/contracts';
import { AppError, isAppError } from '../errors';
import type { NatsConsumerLag } from '../metrics';
import { isDependencyFailure } from '../http/dependency-failure';
import { EventConsumer } from './event-consumer';
import { decodeJson, encodeJson } from './json-codec';
import { logMaxDeliveries } from './max-deliveries';
import { redeliveryDelayMs } from './retry-delays';
import { streamConfigOf } from './stream-config';
import { headersWithTraceContext, withMessageSpan } from './trace-context';

export interface BusOptions {
  url: string;
  /** Connection name shown by the server, usually the service name. */
  name: string;
  /** Prepended to every subject and stream name; tests use it to get their own namespace. */
  namespace?: string;
  logger: Logger;
}

export interface ConsumeOptions {
  /** Durable consumer name: one per (service, purpose); the service's replicas share it. */
  durable: string;
  /** Deliveries before the message is given up (and logged from the server's advisory). */
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Handlers of this consumer running at once in this process (default 1: one at a time, in stream order). */
  concurrency?: number;
}

export interface EventMeta {
  msgId?: string;
  redelivered: boolean;
  /** The message's position in its stream. */
  streamSequence: number;
}

export type EventHandler<S extends EventSubject> = (payload: EventPayload<S>, meta: EventMeta) => Promise<void>;

const isErrorCode = (code: string): code is ErrorCode => code in ERROR_STATUS;

/** The contract's schema of one subject, typed by it (the union of all schemas does not narrow on its own). */
const eventSchema = <S extends EventSubject>(subject: S) => EVENTS[subject] as unknown as z.ZodType<EventPayload<S>>;

const STREAM_NOT_FOUND = 10059;
const DRAIN_TIMEOUT_MS = 5_000;

const isStreamNotFound = (error: unknown): boolean => {
  const failure = error as { code?: string; api_error?: { err_code?: number } };
  return failure.code === '404' || failure.api_error?.err_code === STREAM_NOT_FOUND;
};

/**
 * Typed access to NATS: request-reply between services and JetStream events. Subjects and
 * payloads come from @radar/contracts and are validated when sent and when received; what
 * arrives invalid is refused and logged, never thrown into the process.
 *
 * Production runs the NATS server with `sync_interval: always` (fsync before each publish
 * acknowledgement): without it, an acknowledged event can be lost when a server's machine
 * fails. Server 2.9 (these machines) lacks 2.10+ features, e.g. several filter subjects per
 * consumer: one durable consumer reads one subject.
 */
export class Bus {
  private readonly subscriptions: Subscription[] = [];
  private readonly consumers: EventConsumer[] = [];
  /** The durable consumers this process reads, for their lag on /metrics. */
  private readonly durables: { stream: string; consumer: string }[] = [];
  private readonly reconnectListeners: (() => void)[] = [];

  private constructor(
    readonly connection: NatsConnection,
    private readonly jetstream: JetStreamClient,
    private readonly manager: JetStreamManager,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {}

  static async connect(options: BusOptions): Promise<Bus> {
    const connection = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      // The client otherwise captures a stack trace for every request and JetStream publish, in
      // case it fails: a fifth of an outbox relay's CPU. Our own errors name the subject instead.
      noAsyncTraces: true,
    });
    const manager = await connection.jetstreamManager();
    return new Bus(connection, connection.jetstream(), manager, options.namespace ?? '', options.logger);
  }

  subject(name: string): string {
    return `${this.namespace}${name}`;
  }

  private streamName(name: string): string {
    return `${this.namespace.replace(/[^A-Za-z0-9_-]/g, '_')}${name}`;
  }

  private streamConfig(name: StreamName) {
    return streamConfigOf(this.streamName(name), STREAMS[name], (subject) => this.subject(subject), Boolean(this.connection.info?.cluster));
  }

  /**
   * Creates or updates the named streams (by default every stream of the contracts) with the
   * contracts' settings; idempotent, run by the owning service at each start. A change the
   * server cannot apply in place (retention, storage) fails the start, naming the stream.
   */
  async ensureStreams(names: readonly StreamName[] = Object.keys(STREAMS) as StreamName[]): Promise<void> {
    for (const name of names) {
      const config = this.streamConfig(name);
      try {
        await this.manager.streams.info(config.name);
      } catch (error) {
        if (!isStreamNotFound(error)) throw error;
        await this.manager.streams.add(config);
        continue;
      }
      await this.manager.streams.update(config.name, config).catch((error: unknown) => {
        throw new Error(`Stream ${config.name} cannot take the contracts' settings: ${(error as Error).message}`, { cause: error });
      });
    }
  }

  /**
   * Creates the stream if it does not exist yet, with the contracts' settings, and leaves an
   * existing one as its owner configured it. A consumer may start before the service that
   * owns its stream ever ran; since both read the same settings from the contracts, creating
   * it here yields the stream the owner would create, where waiting would tie start-up order
   * between services (and block this one's readiness on another's deployment).
   */
  private async ensureStreamExists(name: StreamName): Promise<void> {
    const config = this.streamConfig(name);
    try {
      await this.manager.streams.info(config.name);
      return;
    } catch (error) {
      if (!isStreamNotFound(error)) throw error;
    }
    try {
      await this.manager.streams.add(config);
    } catch (error) {
      // Another service or replica created it in the meantime.
      await this.manager.streams.info(config.name).catch(() => {
        throw error;
      });
    }
  }

  async deleteStreams(): Promise<void> {
    for (const name of Object.keys(STREAMS)) {
      await this.manager.streams.delete(this.streamName(name)).catch(() => undefined);
    }
  }

  /** Asks another service and waits for its answer; a missing or slow peer is SERVICE_UNAVAILABLE. */
  async request<Req extends z.ZodType, Rep extends z.ZodType>(
    definition: RpcDefinition<Req, Rep>,
    input: z.input<Req>,
    options: { timeoutMs?: number } = {},
  ): Promise<z.output<Rep>> {
    const payload = definition.request.parse(input);
    let reply: RpcEnvelope;
    try {
      const message = await this.connection.request(this.subject(definition.subject), encodeJson(payload), {
        timeout: options.timeoutMs ?? 5_000,
        headers: headersWithTraceContext(),
      });
      const decoded = decodeJson(rpcEnvelopeSchema, message.data);
      if (!decoded.ok) throw new AppError('INTERNAL_ERROR', `Unreadable reply on ${definition.subject}: ${decoded.reason}`);
      reply = decoded.value;
    } catch (error) {
      if (isDependencyFailure(error)) {
        throw new AppError('SERVICE_UNAVAILABLE', `No timely answer on ${definition.subject}`);
      }
      throw error;
    }
    if (!reply.ok) {
      const code = isErrorCode(reply.error.code) ? reply.error.code : 'INTERNAL_ERROR';
      throw new AppError(code, reply.error.message, reply.error.details);
    }
    return definition.reply.parse(reply.result);
  }

  /** Answers requests on a subject; replicas share the work through one queue group. */
  serve<Req extends z.ZodType, Rep extends z.ZodType>(
    definition: RpcDefinition<Req, Rep>,
    handler: (input: z.output<Req>) => Promise<z.input<Rep>>,
    options: { queue: string },
  ): void {
    const subscription = this.connection.subscribe(this.subject(definition.subject), {
      queue: options.queue,
      callback: (error, message) => {
        if (error) {
          this.logger.error({ err: error, subject: definition.subject }, 'subscription error');
          return;
        }
        void (async () => {
          let envelope: RpcEnvelope;
          try {
            const decoded = decodeJson(definition.request as z.ZodType<z.output<Req>>, message.data);
            if (!decoded.ok) {
              throw new AppError('VALIDATION_ERROR', `Invalid ${definition.subject} request: ${decoded.reason}`);
            }
            const answer = await withMessageSpan(definition.subject, message.headers, () => handler(decoded.value));
            const result = definition.reply.parse(answer);
            envelope = { ok: true, result };
          } catch (failure) {
            envelope = { ok: false, error: this.describeFailure(failure, definition.subject) };
          }
          try {
            message.respond(encodeJson(envelope));
          } catch (failure) {
            this.logger.warn({ err: failure, subject: definition.subject }, 'reply not sent');
          }
        })();
      },
    });
    this.subscriptions.push(subscription);
  }

  private describeFailure(failure: unknown, subject: string): { code: string; message: string; details?: Record<string, unknown> } {
    if (isAppError(failure)) return { code: failure.code, message: failure.message, details: failure.details };
    if (isDependencyFailure(failure)) {
      this.logger.warn({ err: failure, subject }, 'dependency unavailable while answering');
      return { code: 'SERVICE_UNAVAILABLE', message: 'A dependency is unavailable' };
    }
    this.logger.error({ err: failure, subject }, 'request handler failed');
    return { code: 'INTERNAL_ERROR', message: 'Internal error' };
  }

  /** Records an event in its JetStream stream; `msgId` de-duplicates republishing of the same fact. */
  async publish<S extends EventSubject>(subject: S, payload: EventPayload<S>, options: { msgId: string }): Promise<void> {
    const valid = EVENTS[subject].parse(payload);
    await this.jetstream.publish(this.subject(subject), encodeJson(valid), {
      msgID: options.msgId,
      headers: headersWithTraceContext(),
    });
  }

  /**
   * Publishes an event exactly as it was recorded (its JSON text, from the outbox, which validated
   * it when it was written): the fact happened, so it goes out even if the contract changed since, and
   * consumers judge it by their own schema.
   */
  async publishRecorded(subject: string, payloadJson: string, options: { msgId: string; timeoutMs: number }): Promise<PubAck> {
    return this.jetstream.publish(this.subject(subject), Buffer.from(payloadJson), {
      msgID: options.msgId,
      headers: headersWithTraceContext(),
      timeout: options.timeoutMs,
    });
  }

  /**
   * Every replica hears every event (core subscription, no durability): for cache
   * invalidation and similar per-process reactions.
   */
  listen<S extends EventSubject>(subject: S, handler: (payload: EventPayload<S>) => void): void {
    const subscription = this.connection.subscribe(this.subject(subject), {
      callback: (error, message) => {
        if (error) return;
        const decoded = decodeJson(eventSchema(subject), message.data);
        if (!decoded.ok) {
          this.logger.warn({ subject, reason: decoded.reason }, 'dropped invalid event');
          return;
        }
        try {
          handler(decoded.value);
        } catch (failure) {
          this.logger.error({ err: failure, subject }, 'event listener failed');
        }
      },
    });
    this.subscriptions.push(subscription);
  }

  /**
   * Calls `listener` each time the connection comes back after it was lost: `listen`
   * subscribers missed whatever was published meanwhile, and may want to drop what it would
   * have invalidated.
   */
  onReconnect(listener: () => void): void {
    if (this.reconnectListeners.length === 0) void this.watchReconnects();
    this.reconnectListeners.push(listener);
  }

  private async watchReconnects(): Promise<void> {
    try {
      for await (const status of this.connection.status()) {
        if (status.type !== Events.Reconnect) continue;
        this.logger.info('NATS connection back');
        for (const listener of this.reconnectListeners) {
          try {
            listener();
          } catch (failure) {
            this.logger.error({ err: failure }, 'reconnect listener failed');
          }
        }
      }
    } catch (failure) {
      this.logger.warn({ err: failure }, 'NATS status no longer watched');
    }
  }

  /**
   * Durable, at-least-once processing shared by a service's replicas. The handler must be
   * idempotent; the message is acknowledged only after it returns, retried with back-off
   * when it throws, and terminated (never retried, logged) when it is not a valid event.
   * Creates the stream if nobody has yet (see ensureStreamExists).
   */
  async consume<S extends EventSubject>(subject: S, options: ConsumeOptions, handler: EventHandler<S>): Promise<void> {
    const streamKey = this.streamFor(subject);
    await this.ensureStreamExists(streamKey);
    const stream = this.streamName(streamKey);
    const durable = options.durable;
    await this.manager.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.subject(subject),
      max_deliver: options.maxDeliver ?? 10,
      ack_wait: (options.ackWaitMs ?? 30_000) * 1_000_000,
    });
    this.subscriptions.push(logMaxDeliveries(this.connection, this.manager, { stream, consumer: durable }, this.logger));
    const consumer = await this.jetstream.consumers.get(stream, durable);
    if (!this.durables.some((known) => known.stream === stream && known.consumer === durable)) this.durables.push({ stream, consumer: durable });
    this.consumers.push(
      new EventConsumer(consumer, {
        name: durable,
        concurrency: options.concurrency ?? 1,
        logger: this.logger,
        handle: (message) => this.handleEvent(subject, message, handler),
      }),
    );
  }

  private async handleEvent<S extends EventSubject>(subject: S, message: JsMsg, handler: EventHandler<S>): Promise<void> {
    const msgId = message.headers?.get('Nats-Msg-Id') || undefined;
    const decoded = decodeJson(eventSchema(subject), message.data);
    if (!decoded.ok) {
      // Redelivering cannot make it valid; terminated, it stops blocking the consumer.
      this.logger.error(
        { subject: message.subject, stream: message.info.stream, streamSequence: message.seq, msgId, reason: decoded.reason },
        'terminated invalid event',
      );
      message.term();
      return;
    }
    try {
      await withMessageSpan(subject, message.headers, () =>
        handler(decoded.value, { msgId, redelivered: message.redelivered, streamSequence: message.seq }),
      );
      message.ack();
    } catch (error) {
      const delivery = message.info.redeliveryCount;
      this.logger.warn({ err: error, subject, streamSequence: message.seq, msgId, delivery }, 'event handler failed; will retry');
      message.nak(redeliveryDelayMs(delivery));
    }
  }

  /** The backlog of each durable consumer this process reads, as the server reports it now. */
  async consumerLag(): Promise<NatsConsumerLag[]> {
    return Promise.all(
      this.durables.map(async ({ stream, consumer }) => {
        const info = await this.manager.consumers.info(stream, consumer);
        return { stream, consumer, pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered };
      }),
    );
  }

  private streamFor(subject: string): StreamName {
    for (const [name, settings] of Object.entries(STREAMS)) {
      if (settings.subjects.some((pattern) => subject.startsWith(pattern.replace(/>$/, '')))) return name as StreamName;
    }
    throw new Error(`No stream stores ${subject}`);
  }

  /** Stops pulling for every consumer, then waits for the handlers in flight to finish their messages. */
  async stopConsumers(): Promise<void> {
    await Promise.all(this.consumers.splice(0).map((consumer) => consumer.stop()));
  }

  async close(): Promise<void> {
    await this.stopConsumers();
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    // Draining flushes what is still buffered; it needs the server, so while the server is
    // unreachable it would hold the shutdown up indefinitely.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
    });
    await Promise.race([this.connection.drain().catch(() => undefined), gaveUp]);
    clearTimeout(timer);
    if (!this.connection.isClosed()) await this.connection.close();
  }
}
