import type { Bus } from '@radar/platform/nats';
import type { MonitorSchedulerDeps } from '../use-cases/deps';
import { recordCheckOutcomes, refundIfFailed } from '../use-cases/runs/settle-checks';
import { CompletionBatcher } from './completion-batcher';

/** Durable consumer name: shared by the replicas. Do not rename without a migration plan. */
export const CHECK_COMPLETED_CONSUMER = 'monitor-scheduler-check-completed';

/** Answers in flight per replica: enough to fill batches while earlier ones commit. */
const ANSWERS_IN_FLIGHT = 512;
const BATCH = { maxBatch: 250, maxWaitMs: 25 };

/**
 * signal-ingest's answers; each is recorded idempotently (a redelivery changes nothing), in
 * batches, and acknowledged once its batch committed and, for a failed check, its refund is in.
 */
export async function consumeCheckCompletions(bus: Bus, deps: Pick<MonitorSchedulerDeps, 'pool' | 'ledger' | 'logger' | 'now'>): Promise<void> {
  const batcher = new CompletionBatcher((completions) => recordCheckOutcomes(deps, completions), BATCH);
  await bus.consume('signal.check.completed', { durable: CHECK_COMPLETED_CONSUMER, concurrency: ANSWERS_IN_FLIGHT }, async (completion) => {
    await batcher.record(completion);
    await refundIfFailed(deps, completion);
  });
}
