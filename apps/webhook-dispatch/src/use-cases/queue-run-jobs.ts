import type { Queryable } from '@radar/platform/database';
import { enqueueJob } from '../data/queue-outbox.repository';
import { markRunQueued, type RunProgress } from '../data/run-delivery.repository';

/**
 * Queues a run's digest and team-chat jobs, in the caller's transaction, once the run has ended
 * and all its new signals are gathered (or `force`: the wait is over). True when it queued them.
 */
export async function queueRunJobsWhenComplete(tx: Queryable, progress: RunProgress, options: { force?: boolean } = {}): Promise<boolean> {
  if (progress.queued || progress.expectedSignals === null) return false;
  if (progress.gatheredSignals < progress.expectedSignals && !options.force) return false;
  if (progress.emailStatus === 'pending') await enqueueJob(tx, 'delivery.email_digest', { runId: progress.runId });
  if (progress.chatStatus === 'pending') await enqueueJob(tx, 'delivery.team_chat', { runId: progress.runId });
  await markRunQueued(tx, progress.runId);
  return true;
}
