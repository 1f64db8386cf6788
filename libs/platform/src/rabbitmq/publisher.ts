import { QUEUES, type QueueMessage, type QueueName } from '@radar/contracts';
import type { Logger } from 'pino';
import { AppError } from '../errors';
import { ConfirmedSender, UnroutableMessageError } from './confirmed-sender';
import { ConnectionClosedError, type AmqpConnection, type AmqpSession } from './connection';
import { HEADERS } from './message-headers';
import type { QueueTopology } from './topology';
import { traceContextHeaders } from './trace-context';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Publishes catalogue messages on a confirm channel. A publish resolves once the broker has
 * confirmed and routed the message; while the connection is being re-established it waits
 * and tries again (a message whose confirm was lost may then be stored twice: consumers are
 * idempotent), and when `timeoutMs` passes it fails with SERVICE_UNAVAILABLE. It never drops
 * a message silently.
 */
export class QueuePublisher {
  private readonly senders = new WeakMap<AmqpSession, Promise<ConfirmedSender>>();

  constructor(
    private readonly connection: AmqpConnection,
    private readonly topologies: ReadonlyMap<QueueName, QueueTopology>,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  async publish<Q extends QueueName>(name: Q, message: QueueMessage<Q>): Promise<void> {
    const topology = this.topologies.get(name);
    if (!topology) throw new Error(`Queue ${name} is not configured on this RabbitMQ connection`);
    const content = Buffer.from(JSON.stringify(QUEUES[name].parse(message)));
    const headers = { ...traceContextHeaders(), [HEADERS.attempt]: 1 };
    const deadline = Date.now() + this.timeoutMs;
    let lastFailure: unknown;
    for (let tries = 1; Date.now() < deadline; tries++) {
      try {
        const session = await this.connection.whenReady(deadline - Date.now());
        const sender = await this.senderFor(session);
        await withDeadline(
          sender.send(topology.workExchange, name, content, { headers, timestamp: Math.floor(Date.now() / 1000) }),
          deadline - Date.now(),
        );
        return;
      } catch (error) {
        if (error instanceof UnroutableMessageError || error instanceof ConnectionClosedError) throw error;
        lastFailure = error;
        this.logger.warn({ err: error, queue: name, tries }, 'publish not confirmed; trying again');
        await pause(Math.min(50 * tries, Math.max(0, deadline - Date.now())));
      }
    }
    throw new AppError('SERVICE_UNAVAILABLE', `RabbitMQ did not confirm a ${name} message within ${this.timeoutMs} ms`, {
      queue: name,
      lastFailure: lastFailure instanceof Error ? lastFailure.message : String(lastFailure),
    });
  }

  /** One confirm channel per session, opened on the first publish. */
  private senderFor(session: AmqpSession): Promise<ConfirmedSender> {
    let sender = this.senders.get(session);
    if (!sender) {
      sender = session.openConfirmChannel('publisher').then((channel) => new ConfirmedSender(channel));
      // A failed open is retried by the caller on the next session, not cached.
      sender.catch(() => this.senders.delete(session));
      this.senders.set(session, sender);
    }
    return sender;
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no confirm within ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
