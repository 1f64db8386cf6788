import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents, type AnyOutboxEvent } from '@radar/platform/outbox';

/** An event a transaction's outcome carries; events of one aggregate key are published in the order written. */
export type OutgoingEvent = AnyOutboxEvent;

/**
 * The one place where signal-ingest's rows and the events describing them become durable
 * together: the events are written to the transactional outbox (libs/platform/src/outbox) in
 * the same transaction as the rows, and the service's OutboxRelay publishes them after the
 * commit, so a crash can lose neither half.
 */
export class EventOutbox {
  constructor(private readonly pool: Pool) {}

  /** Runs `work` in one transaction, together with writing the events it returns. */
  commit<T>(work: (db: PoolClient) => Promise<{ result: T; events: OutgoingEvent[] }>): Promise<T> {
    return inTransaction(this.pool, async (db) => {
      const { result, events } = await work(db);
      await writeOutboxEvents(db, events);
      return result;
    });
  }

  /** Writes events about an outcome recorded earlier (a check answered again). */
  async send(events: readonly OutgoingEvent[]): Promise<void> {
    await this.commit(async () => ({ result: undefined, events: [...events] }));
  }
}
