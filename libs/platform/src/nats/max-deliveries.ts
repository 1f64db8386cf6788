import type { JetStreamManager, NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { z } from 'zod';
import { decodeJson } from './json-codec';

/** The server's advisory (io.nats.jetstream.advisory.v1.max_deliver), the fields read here. */
const maxDeliveriesAdvisory = z.object({
  stream: z.string(),
  consumer: z.string(),
  stream_seq: z.number().int(),
  deliveries: z.number().int(),
});

/**
 * Logs every message a durable consumer gave up on after `max_deliver` attempts. Only the
 * server knows when that happens (the last attempt may have timed out in a process that
 * died), so this listens to its advisory. One replica per consumer logs it (queue group).
 */
export function logMaxDeliveries(
  connection: NatsConnection,
  manager: JetStreamManager,
  where: { stream: string; consumer: string },
  logger: Logger,
): Subscription {
  const subject = `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${where.stream}.${where.consumer}`;
  return connection.subscribe(subject, {
    queue: `max-deliveries.${where.stream}.${where.consumer}`,
    callback: (error, message) => {
      if (error) {
        logger.warn({ err: error, subject }, 'max-deliveries advisories not received');
        return;
      }
      const advisory = decodeJson(maxDeliveriesAdvisory, message.data);
      if (!advisory.ok) {
        logger.warn({ subject, reason: advisory.reason }, 'unreadable max-deliveries advisory');
        return;
      }
      void describeGivenUp(manager, advisory.value).then((details) => logger.error(details, 'event given up after its last delivery'));
    },
  });
}

async function describeGivenUp(manager: JetStreamManager, advisory: z.infer<typeof maxDeliveriesAdvisory>): Promise<Record<string, unknown>> {
  const details = {
    stream: advisory.stream,
    consumer: advisory.consumer,
    streamSequence: advisory.stream_seq,
    deliveries: advisory.deliveries,
  };
  try {
    const stored = await manager.streams.getMessage(advisory.stream, { seq: advisory.stream_seq });
    return { ...details, subject: stored.subject, msgId: stored.header?.get('Nats-Msg-Id') || undefined };
  } catch (error) {
    // Removed by the stream's limits in the meantime: the sequence is all there is to log.
    return { ...details, lookupError: error instanceof Error ? error.message : String(error) };
  }
}
