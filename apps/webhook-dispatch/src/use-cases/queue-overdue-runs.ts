import { inTransaction } from '@radar/platform/database';
import { unqueuedRunsEndedBefore } from '../data/run-delivery.repository';
import type { DeliveryDeps } from './delivery-deps';
import { queueRunJobsWhenComplete } from './queue-run-jobs';

/**
 * Sends what was gathered for runs that ended long ago and are still waiting for signals. Their
 * counts will not add up (a check's signals were never announced), and a digest with most of a
 * run beats none. Returns how many runs it queued.
 */
export async function queueOverdueRuns(deps: Pick<DeliveryDeps, 'pool' | 'relays' | 'logger'>, waitedMs: number): Promise<number> {
  const queued = await inTransaction(deps.pool, async (tx) => {
    const overdue = await unqueuedRunsEndedBefore(tx, waitedMs, 100);
    for (const run of overdue) {
      deps.logger.warn({ runId: run.runId, expected: run.expectedSignals, gathered: run.gatheredSignals }, 'run still short of signals; sending what arrived');
      await queueRunJobsWhenComplete(tx, run, { force: true });
    }
    return overdue.length;
  });
  if (queued > 0) deps.relays.wake();
  return queued;
}
