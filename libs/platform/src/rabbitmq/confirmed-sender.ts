import { randomUUID } from 'node:crypto';
import type { ConfirmChannel, Message, Options } from 'amqplib';

/** The broker confirmed a message that no queue took: its topology is missing. Retrying cannot help. */
export class UnroutableMessageError extends Error {
  constructor(exchange: string, routingKey: string) {
    super(`No queue is bound to exchange "${exchange}" with routing key "${routingKey}"`);
    this.name = 'UnroutableMessageError';
  }
}

/**
 * Sends on a confirm channel and resolves only when the broker has taken responsibility for
 * the message: confirmed and routed to a queue. Messages are mandatory, so one that no queue
 * takes comes back (basic.return, sent before its confirm) and fails instead of vanishing.
 */
export class ConfirmedSender {
  private readonly returned = new Set<string>();

  constructor(readonly channel: ConfirmChannel) {
    channel.on('return', (message: Message) => {
      const id: unknown = message.properties.messageId;
      if (typeof id === 'string') this.returned.add(id);
    });
  }

  send(exchange: string, routingKey: string, content: Buffer, options: Omit<Options.Publish, 'messageId' | 'mandatory'>): Promise<void> {
    const messageId = randomUUID();
    return new Promise((resolve, reject) => {
      try {
        this.channel.publish(
          exchange,
          routingKey,
          content,
          { ...options, messageId, mandatory: true, persistent: true, contentType: 'application/json' },
          (error: unknown) => {
            const wasReturned = this.returned.delete(messageId);
            if (error) reject(error instanceof Error ? error : new Error(`Broker refused the message: ${String(error)}`));
            else if (wasReturned) reject(new UnroutableMessageError(exchange, routingKey));
            else resolve();
          },
        );
      } catch (error) {
        // A closed channel throws at once instead of calling back.
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}
