import { writeOutboxEvents, type AnyOutboxEvent } from '@radar/platform/outbox';
import type { DeliveryStatus } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { recordAttempts, type DeliveryToAttempt } from '../data/webhook-delivery.repository';
import type { OutboundAnswer } from '../clients/outbound-client';
import type { DeliveryDeps } from './delivery-deps';

/** One attempt of a webhook delivery as it ended: what the receiver answered and where that leaves the delivery. */
export interface AttemptOutcome {
  delivery: Pick<DeliveryToAttempt, 'id' | 'signalId' | 'workspaceId'>;
  startedAt: Date;
  answer: OutboundAnswer;
  status: DeliveryStatus;
  /** While pending: the earliest time the next scheduled attempt may go out. */
  nextAttemptAt: Date | null;
  /** The trace of the attempt, which its `delivery.updated` continues. */
  traceContext: Record<string, string> | null;
}

/**
 * Records attempts in one transaction: each attempt's row, its delivery's new state and, where
 * the state changed (the delivery was still pending), its `delivery.updated` event. An attempt
 * of a delivery that had already ended (a repeated job) is recorded without an event.
 */
export async function recordAttemptOutcomes(deps: Pick<DeliveryDeps, 'pool'>, outcomes: readonly AttemptOutcome[]): Promise<void[]> {
  await inTransaction(deps.pool, async (tx) => {
    const recorded = await recordAttempts(
      tx,
      outcomes.map(({ delivery, startedAt, answer, status, nextAttemptAt }) => {
        const error = answer.error ?? (status === 'delivered' ? null : `receiver answered ${answer.status}`);
        return {
          record: { deliveryId: delivery.id, startedAt, responseStatus: answer.status, latencyMs: answer.latencyMs, error },
          outcome: { status, responseStatus: answer.status, error, nextAttemptAt: status === 'pending' ? nextAttemptAt : null },
        };
      }),
    );
    const events = outcomes.flatMap(({ delivery, answer, status, traceContext }, index): AnyOutboxEvent[] => {
      const attempt = recorded[index];
      if (!attempt?.changed) return [];
      return [
        {
          subject: 'delivery.updated',
          payload: {
            workspaceId: delivery.workspaceId,
            signalId: delivery.signalId,
            webhookDeliveryId: delivery.id,
            deliveryStatus: status,
            responseStatus: answer.status,
            attempts: attempt.attempts,
          },
          aggregateKey: delivery.id,
          traceContext,
        },
      ];
    });
    await writeOutboxEvents(tx, events);
  });
  return outcomes.map(() => undefined);
}
