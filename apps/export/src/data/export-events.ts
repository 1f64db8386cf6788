import type { EventPayload, EventSubject } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { writeOutboxEvent, type OutboxEvent } from '@radar/platform/outbox';

/** One event about an export, of any subject (the payload is checked against its subject at compile time). */
export type ExportEvent = { [S in EventSubject]: OutboxEvent<S> }[EventSubject];

/** An event about export `exportId`: its events are published in the order they were written. */
export const exportEvent = <S extends EventSubject>(subject: S, payload: EventPayload<S>, exportId: string): ExportEvent =>
  ({ subject, payload, aggregateKey: `export:${exportId}` }) as ExportEvent;

/** Writes events to the outbox in the caller's transaction: they commit with the change they report, and the platform's relay publishes them. */
export async function recordEvents(client: Queryable, events: readonly ExportEvent[]): Promise<void> {
  for (const event of events) await writeOutboxEvent(client, event as OutboxEvent<EventSubject>);
}
