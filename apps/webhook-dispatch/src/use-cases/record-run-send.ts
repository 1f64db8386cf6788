import { recordRunSendOutcome, type RunChannel, type SendOutcome } from '../data/run-delivery.repository';
import { countDeliveryAttempt } from './delivery-metrics';
import type { DeliveryDeps } from './delivery-deps';

const METRIC_CHANNEL = { email: 'email', chat: 'team_chat' } as const;

/** Records the outcome of an attempt at a run's digest or team-chat message, and counts it. */
export async function recordRunSend(deps: Pick<DeliveryDeps, 'pool'>, runId: string, channel: RunChannel, outcome: SendOutcome): Promise<void> {
  await recordRunSendOutcome(deps.pool, runId, channel, outcome);
  countDeliveryAttempt(METRIC_CHANNEL[channel], outcome.status);
}
