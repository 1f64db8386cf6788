import { QUEUES, type QueueMessage, type QueueName } from '@radar/contracts';
import type { ConfirmChannel, ConsumeMessage, MessagePropertyHeaders } from 'amqplib';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ConfirmedSender } from './confirmed-sender';
import type { AmqpConnection, AmqpSession } from './connection';
import { RetryLater, StopRetrying } from './handler-outcomes';
import { HEADERS, readAttempt, readNotBefore, shortened, traceHeadersOf, type DeadLetterReason } from './message-headers';
import { maxAttempts, planRetry, planWait, type RetryPlan } from './retry-plan';
import type { QueueRetryPolicy, QueueTopology } from './topology';
import { withDeliverySpan } from './trace-context';

export interface DeliveryContext {
  /** 1 on the first attempt; rises by one after each retry wait. */
  attempt: number;
  maxAttempts: number;
  /** A failure now dead-letters the message: the moment to record the final outcome. */
  isLastAttempt: boolean;
  /** Delivered before without an ack (a consumer died mid-way): the work may be half done. */
  redelivered: boolean;
}

/**
 * Handles one message of a queue, already parsed with the catalogue's schema. Returning
 * acknowledges it; throwing retries it on the queue's schedule, unless the error is a
 * RetryLater (retry, not sooner than asked) or a StopRetrying (dead-letter now).
 */
export type QueueHandler<Q extends QueueName> = (message: QueueMessage<Q>, context: DeliveryContext) => Promise<void>;

export interface ConsumeOptions {
  /** Messages handled at once by this consumer: the broker sends no more unacknowledged ones. */
  prefetch: number;
}

interface Subscription {
  channel: ConfirmChannel;
  consumerTag: string;
}

/**
 * One consumer of a work queue with manual acks. It subscribes again on every new session;
 * every message ends acknowledged after its handler succeeded, or moved (confirmed first,
 * acknowledged after) to a delay queue or to the dead-letter queue. Nothing a message holds
 * can crash the process: every failure is caught and logged.
 */
export class QueueConsumer<Q extends QueueName> {
  private readonly inFlight = new Set<Promise<void>>();
  private subscription: Subscription | undefined;
  private stopped = false;
  private readonly started: Promise<void>;
  private markStarted: () => void = () => undefined;

  constructor(
    private readonly connection: AmqpConnection,
    private readonly topology: QueueTopology,
    private readonly policy: QueueRetryPolicy,
    private readonly options: ConsumeOptions,
    private readonly handler: QueueHandler<Q>,
    private readonly logger: Logger,
  ) {
    this.started = new Promise((resolve) => {
      this.markStarted = resolve;
    });
  }

  private get name(): Q {
    return this.topology.name as Q;
  }

  /** Resolves after the first subscription; fails after `timeoutMs`. */
  whenStarted(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Could not start consuming ${this.name} within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([this.started, expired]).finally(() => clearTimeout(timer));
  }

  /** The session setup: opens this consumer's channel and subscribes to the work queue. */
  readonly subscribe = async (session: AmqpSession): Promise<void> => {
    if (this.stopped) return;
    const channel = await session.openConfirmChannel(`consumer of ${this.name}`);
    const sender = new ConfirmedSender(channel);
    await channel.prefetch(this.options.prefetch);
    const { consumerTag } = await channel.consume(this.topology.workQueue, (message) => this.onDelivery(session, sender, message), {
      noAck: false,
    });
    this.subscription = { channel, consumerTag };
    this.logger.info({ queue: this.name, prefetch: this.options.prefetch, session: session.number }, 'consuming');
    this.markStarted();
  };

  /** Stops taking new messages; those already received go on (see drain). */
  async stop(): Promise<void> {
    this.stopped = true;
    const subscription = this.subscription;
    this.subscription = undefined;
    if (subscription) await subscription.channel.cancel(subscription.consumerTag).catch(() => undefined);
  }

  /** Waits until every received message is handled, or `timeoutMs` passes; true when none is left. */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, deadline - Date.now());
        }),
      ]);
      clearTimeout(timer);
    }
    return this.inFlight.size === 0;
  }

  private onDelivery(session: AmqpSession, sender: ConfirmedSender, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled the subscription (its queue was deleted): rebuild, which re-declares it.
      this.connection.sessionBroken(session, `RabbitMQ cancelled the consumer of ${this.name}`);
      return;
    }
    const work: Promise<void> = this.process(sender, message)
      .catch((error: unknown) => {
        this.logger.error({ err: error, queue: this.name }, 'message handling failed unexpectedly; returning it to the queue');
        this.requeue(sender.channel, message);
      })
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async process(sender: ConfirmedSender, message: ConsumeMessage): Promise<void> {
    const headers = message.properties.headers;
    const attempt = readAttempt(headers);
    const notBefore = readNotBefore(headers);
    const now = Date.now();
    if (notBefore !== undefined && notBefore > now && this.topology.delayQueues.length > 0) {
      return this.park(sender, message, attempt, planWait(this.topology.delayQueues, notBefore - now, now), undefined);
    }

    let body: unknown;
    try {
      body = JSON.parse(message.content.toString('utf8'));
    } catch (error) {
      return this.deadLetter(sender, message, attempt, 'invalid-json', error instanceof Error ? error.message : String(error));
    }
    const parsed = QUEUES[this.name].safeParse(body);
    if (!parsed.success) return this.deadLetter(sender, message, attempt, 'invalid-message', z.prettifyError(parsed.error));

    const total = maxAttempts(this.policy.retryDelaysMs);
    const context: DeliveryContext = { attempt, maxAttempts: total, isLastAttempt: attempt >= total, redelivered: message.fields.redelivered };
    try {
      await withDeliverySpan(this.name, headers, () => this.handler(parsed.data as QueueMessage<Q>, context));
    } catch (failure) {
      return this.afterFailure(sender, message, attempt, failure);
    }
    this.ack(sender.channel, message);
  }

  private async afterFailure(sender: ConfirmedSender, message: ConsumeMessage, attempt: number, failure: unknown): Promise<void> {
    const reason = failure instanceof Error ? failure.message : String(failure);
    if (failure instanceof StopRetrying) return this.deadLetter(sender, message, attempt, 'stopped-retrying', reason);
    const plan = planRetry(this.policy.retryDelaysMs, this.topology.delayQueues, this.policy.jitter ?? 0, {
      failedAttempt: attempt,
      requestedDelayMs: failure instanceof RetryLater ? failure.delayMs : undefined,
      now: Date.now(),
    });
    if (!plan) return this.deadLetter(sender, message, attempt, 'retries-exhausted', reason);
    this.logger.warn(
      { err: failure, queue: this.name, attempt, delayQueueMs: plan.delayQueue.delayMs, expirationMs: plan.expirationMs, notBefore: plan.notBefore },
      'handler failed; retrying after a delay',
    );
    await this.park(sender, message, attempt + 1, plan, reason);
  }

  /** Sends the message to a delay queue with the given attempt number, then acknowledges the original. */
  private async park(sender: ConfirmedSender, message: ConsumeMessage, attempt: number, plan: RetryPlan, lastError: string | undefined): Promise<void> {
    const previous = message.properties.headers;
    const headers: MessagePropertyHeaders = { ...traceHeadersOf(previous), [HEADERS.attempt]: attempt };
    const error = lastError ?? previous?.[HEADERS.lastError];
    if (typeof error === 'string') headers[HEADERS.lastError] = shortened(error);
    if (plan.notBefore !== undefined) headers[HEADERS.notBefore] = plan.notBefore;
    // The default exchange routes by queue name straight into the delay queue.
    await this.moveThenAck(sender, message, '', plan.delayQueue.queue, headers, plan.expirationMs);
  }

  private async deadLetter(sender: ConfirmedSender, message: ConsumeMessage, attempt: number, reason: DeadLetterReason, detail: string): Promise<void> {
    const log = reason === 'invalid-json' || reason === 'invalid-message' ? this.logger.error.bind(this.logger) : this.logger.warn.bind(this.logger);
    log({ queue: this.name, reason, attempt, detail: shortened(detail) }, 'message dead-lettered');
    const headers: MessagePropertyHeaders = {
      ...traceHeadersOf(message.properties.headers),
      [HEADERS.attempt]: attempt,
      [HEADERS.deadLetterReason]: reason,
      [HEADERS.lastError]: shortened(detail),
    };
    await this.moveThenAck(sender, message, this.topology.deadLetterExchange, this.name, headers, undefined);
  }

  /**
   * Confirmed copy first, ack second: a crash in between leaves the original to be delivered
   * again (a duplicate at worst, never a loss).
   */
  private async moveThenAck(
    sender: ConfirmedSender,
    message: ConsumeMessage,
    exchange: string,
    routingKey: string,
    headers: MessagePropertyHeaders,
    expirationMs: number | undefined,
  ): Promise<void> {
    try {
      await sender.send(exchange, routingKey, message.content, {
        headers,
        expiration: expirationMs === undefined ? undefined : String(expirationMs),
        timestamp: Math.floor(Date.now() / 1000),
      });
    } catch (error) {
      this.logger.error({ err: error, queue: this.name, to: routingKey }, 'could not move the message; returning it to the queue');
      this.requeue(sender.channel, message);
      return;
    }
    this.ack(sender.channel, message);
  }

  private ack(channel: ConfirmChannel, message: ConsumeMessage): void {
    try {
      channel.ack(message);
    } catch (error) {
      // The channel is gone; the broker delivers the message again on a new one.
      this.logger.warn({ err: error, queue: this.name }, 'could not acknowledge; the message will be delivered again');
    }
  }

  private requeue(channel: ConfirmChannel, message: ConsumeMessage): void {
    try {
      channel.nack(message, false, true);
    } catch {
      // The channel is gone: the broker requeues its unacknowledged messages by itself.
    }
  }
}
