import {
  AckPolicy,
  connect,
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
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
  ERROR_STATUS,
} from '@radar/contracts';
import { AppError, isAppError } from '../errors';
import { isDependencyFailure } from '../http/dependency-failure';
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
  /** Redeliveries before the message is given up (and logged). */
  maxDeliver?: number;
  ackWaitMs?: number;
}

export type EventHandler<S extends EventSubject> = (payload: EventPayload<S>, meta: { msgId?: string; redelivered: boolean }) => Promise<void>;

const codec = {
  encode: (value: unknown) => Buffer.from(JSON.stringify(value)),
  decode: (data: Uint8Array): unknown => JSON.parse(Buffer.from(data).toString('utf8')),
};

const isErrorCode = (code: string): code is ErrorCode => code in ERROR_STATUS;

/**
 * Typed access to NATS: request-reply between services and JetStream events. Subjects and
 * payloads come from @radar/contracts and are validated when sent and when received.
 */
export class Bus {
  private readonly subscriptions: Subscription[] = [];
  private readonly consumers: ConsumerMessages[] = [];

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

  /** Creates (or updates) every stream of the contracts; idempotent, safe on each start-up. */
  async ensureStreams(): Promise<void> {
    for (const [name, subjects] of Object.entries(STREAMS)) {
      const config = {
        name: this.streamName(name),
        subjects: subjects.map((s) => this.subject(s)),
        duplicate_window: 2 * 60 * 1_000_000_000,
      };
      try {
        await this.manager.streams.info(config.name);
        await this.manager.streams.update(config.name, config);
      } catch (error) {
        if ((error as { code?: string }).code !== '404') throw error;
        await this.manager.streams.add(config);
      }
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
      const message = await this.connection.request(this.subject(definition.subject), codec.encode(payload), {
        timeout: options.timeoutMs ?? 5_000,
        headers: headersWithTraceContext(),
      });
      reply = rpcEnvelopeSchema.parse(codec.decode(message.data));
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
            const parsed = definition.request.safeParse(codec.decode(message.data));
            if (!parsed.success) {
              throw new AppError('VALIDATION_ERROR', `Invalid ${definition.subject} request: ${parsed.error.message}`);
            }
            const answer = await withMessageSpan(definition.subject, message.headers, () => handler(parsed.data));
            const result = definition.reply.parse(answer);
            envelope = { ok: true, result };
          } catch (failure) {
            envelope = { ok: false, error: this.describeFailure(failure, definition.subject) };
          }
          message.respond(codec.encode(envelope));
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
    await this.jetstream.publish(this.subject(subject), codec.encode(valid), {
      msgID: options.msgId,
      headers: headersWithTraceContext(),
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
        const parsed = EVENTS[subject].safeParse(codec.decode(message.data));
        if (parsed.success) handler(parsed.data as EventPayload<S>);
        else this.logger.warn({ subject, issues: parsed.error.issues }, 'dropped invalid event');
      },
    });
    this.subscriptions.push(subscription);
  }

  /**
   * Durable, at-least-once processing shared by a service's replicas. The handler must be
   * idempotent; the message is acknowledged only after it returns.
   */
  async consume<S extends EventSubject>(subject: S, options: ConsumeOptions, handler: EventHandler<S>): Promise<void> {
    const stream = this.streamFor(subject);
    const durable = options.durable;
    await this.manager.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.subject(subject),
      max_deliver: options.maxDeliver ?? 10,
      ack_wait: (options.ackWaitMs ?? 30_000) * 1_000_000,
    });
    const consumer = await this.jetstream.consumers.get(stream, durable);
    const messages = await consumer.consume();
    this.consumers.push(messages);
    void (async () => {
      for await (const message of messages) {
        const parsed = EVENTS[subject].safeParse(codec.decode(message.data));
        if (!parsed.success) {
          this.logger.error({ subject, issues: parsed.error.issues }, 'terminated invalid event');
          message.term();
          continue;
        }
        try {
          await withMessageSpan(subject, message.headers, () =>
            handler(parsed.data as EventPayload<S>, {
              msgId: message.headers?.get('Nats-Msg-Id'),
              redelivered: message.redelivered,
            }),
          );
          message.ack();
        } catch (error) {
          this.logger.warn({ err: error, subject, delivery: message.info.redeliveryCount }, 'event handler failed; will retry');
          message.nak(Math.min(30_000, 500 * 2 ** message.info.redeliveryCount));
        }
      }
    })();
  }

  private streamFor(subject: string): string {
    for (const [name, patterns] of Object.entries(STREAMS)) {
      if (patterns.some((pattern) => subject.startsWith(pattern.replace(/>$/, '')))) return this.streamName(name);
    }
    throw new Error(`No stream stores ${subject}`);
  }

  async close(): Promise<void> {
    for (const messages of this.consumers) await messages.close();
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    await this.connection.drain().catch(() => this.connection.close());
  }
}
