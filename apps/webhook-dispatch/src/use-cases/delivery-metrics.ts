import { counter } from '@radar/platform/metrics';

export type DeliveryChannel = 'webhook' | 'email' | 'team_chat';

/** An attempt's outcome as the three channels record it (a webhook `delivered`, an email `sent`...). */
type RecordedStatus = 'delivered' | 'sent' | 'failed' | 'pending';

const OUTCOME: Record<RecordedStatus, 'delivered' | 'failed' | 'retrying'> = { delivered: 'delivered', sent: 'delivered', failed: 'failed', pending: 'retrying' };

const deliveries = counter({
  name: 'radar_delivery_attempts_total',
  help: 'Delivery attempts recorded, by channel (webhook, email, team_chat) and outcome: delivered, failed (given up), retrying (another attempt follows)',
  labelNames: ['channel', 'outcome'] as const,
});

/** Counts one recorded attempt of a delivery. */
export function countDeliveryAttempt(channel: DeliveryChannel, status: RecordedStatus): void {
  deliveries.inc({ channel, outcome: OUTCOME[status] });
}
