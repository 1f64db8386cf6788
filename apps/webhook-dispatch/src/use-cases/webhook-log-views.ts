import type { DeliveryAttemptView, WebhookDeliveryView } from '@radar/contracts';
import type { LoggedAttempt, LoggedDelivery } from '../data/delivery-log.repository';
import { deliveryErrorKind } from './delivery-error-kind';

/** A delivery as the public API shows it. */
export const deliveryView = (delivery: LoggedDelivery): WebhookDeliveryView => ({
  id: delivery.id,
  signal_id: delivery.signalId,
  status: delivery.status,
  attempt_count: delivery.attempts,
  last_response_status: delivery.responseStatus,
  last_error: deliveryErrorKind(delivery.lastError),
  next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
  created_at: delivery.createdAt.toISOString(),
  delivered_at: delivery.deliveredAt?.toISOString() ?? null,
});

export const attemptView = (attempt: LoggedAttempt): DeliveryAttemptView => ({
  number: attempt.number,
  started_at: attempt.startedAt.toISOString(),
  response_status: attempt.responseStatus,
  latency_ms: attempt.latencyMs,
  error: deliveryErrorKind(attempt.error),
});
