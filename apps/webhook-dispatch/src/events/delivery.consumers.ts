import type { Bus } from '@radar/platform/nats';
import { acceptSignal } from '../use-cases/accept-signal';
import type { DeliveryDeps } from '../use-cases/delivery-deps';
import { recordRunCompletion } from '../use-cases/record-run-completion';

/** Durable consumer names: JetStream state, do not rename without a migration plan. */
export const WEBHOOK_DISPATCH_CONSUMERS = {
  signals: 'webhook-dispatch-signal-delivered',
  runs: 'webhook-dispatch-run-completed',
} as const;

/**
 * Never given up on: a signal is only lost if its event is, so a handler that keeps failing
 * (the database down for hours) keeps being retried, with the Bus's back-off, until it succeeds.
 */
const RETRY_FOREVER = -1;

/** A handler is one short transaction: an event unacknowledged this long belonged to a replica that died. */
const ACK_WAIT_MS = 15_000;

/** The JetStream events delivery acts on. Each handler commits its effects, then the event is acknowledged. */
export async function consumeDeliveryEvents(bus: Bus, deps: DeliveryDeps, concurrency: number): Promise<void> {
  await bus.consume('signal.delivered', { durable: WEBHOOK_DISPATCH_CONSUMERS.signals, concurrency, maxDeliver: RETRY_FOREVER, ackWaitMs: ACK_WAIT_MS }, (event) => acceptSignal(deps, event));
  await bus.consume('monitor.run.completed', { durable: WEBHOOK_DISPATCH_CONSUMERS.runs, concurrency: 4, maxDeliver: RETRY_FOREVER, ackWaitMs: ACK_WAIT_MS }, (event) =>
    recordRunCompletion(deps, event),
  );
}
