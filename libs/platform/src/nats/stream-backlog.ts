import { STREAMS, type StreamName } from '@radar/contracts';
import type { Bus } from './bus';

/** What one durable consumer has not finished: the stream lag `radar status` shows. */
export interface ConsumerBacklog {
  stream: StreamName;
  consumer: string;
  /** Messages in the stream the consumer has not been given yet. */
  pending: number;
  /** Given to it but not acknowledged yet. */
  ackPending: number;
}

const isNotFound = (error: unknown): boolean => {
  const failure = error as { code?: string; message?: string };
  return failure.code === '404' || /no stream matches subject|stream not found/i.test(failure.message ?? '');
};

/**
 * The backlog of every durable consumer of the contracts' streams in the bus's namespace,
 * read from JetStream (any process on the bus can look; the gateway does for `radar status`).
 * A stream that does not exist yet has no consumers to report.
 */
export async function streamBacklog(bus: Bus): Promise<ConsumerBacklog[]> {
  const manager = await bus.connection.jetstreamManager();
  const backlog: ConsumerBacklog[] = [];
  for (const [name, settings] of Object.entries(STREAMS) as [StreamName, (typeof STREAMS)[StreamName]][]) {
    let stream: string;
    try {
      stream = await manager.streams.find(bus.subject(settings.subjects[0]));
    } catch (error) {
      if (isNotFound(error)) continue;
      throw error;
    }
    for await (const consumer of manager.consumers.list(stream)) {
      backlog.push({ stream: name, consumer: consumer.name, pending: consumer.num_pending, ackPending: consumer.num_ack_pending });
    }
  }
  return backlog;
}
