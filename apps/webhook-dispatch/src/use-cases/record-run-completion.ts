import type { EventPayload } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { recordRunEnd } from '../data/run-delivery.repository';
import type { DeliveryDeps } from './delivery-deps';
import { queueRunJobsWhenComplete } from './queue-run-jobs';

/**
 * A monitor's run ended (`monitor.run.completed`). A run with new signals gets one email digest
 * (email monitors) and one team-chat message (monitors with a connection), sent once all its
 * new signals have arrived here. A run without new signals sends nothing.
 */
export async function recordRunCompletion(deps: Pick<DeliveryDeps, 'pool' | 'relays'>, event: EventPayload<'monitor.run.completed'>): Promise<void> {
  const sendsEmail = event.deliveryMethod === 'email';
  const postsToChat = event.slackConnectionId !== null;
  if (event.newItemsTotal === 0 || (!sendsEmail && !postsToChat)) return;
  const queued = await inTransaction(deps.pool, async (tx) => {
    const progress = await recordRunEnd(tx, event.workspaceId, {
      runId: event.runId,
      monitorId: event.monitorId,
      monitorName: event.monitorName,
      runDate: event.runDate,
      deliveryMethod: event.deliveryMethod,
      slackConnectionId: event.slackConnectionId,
      expectedSignals: event.newItemsTotal,
      sendsEmail,
      postsToChat,
    });
    return queueRunJobsWhenComplete(tx, progress);
  });
  if (queued) deps.relays.wake();
}
