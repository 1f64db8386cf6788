import type { EventPayload, EventSubject } from '@radar/contracts';
import type { AnyOutboxEvent } from '@radar/platform/outbox';

/** The subjects whose payload names an export. */
type ExportSubject = { [S in EventSubject]: EventPayload<S> extends { exportId: string } ? S : never }[EventSubject];

/**
 * An event about the export its payload names, keyed `export:<id>`: the events of one export are
 * published in the order they were written (unlocked before locked, requested before failed).
 */
export const exportEvent = <S extends ExportSubject>(subject: S, payload: EventPayload<S> & { exportId: string }): AnyOutboxEvent =>
  ({ subject, payload, aggregateKey: `export:${payload.exportId}` }) as AnyOutboxEvent;
