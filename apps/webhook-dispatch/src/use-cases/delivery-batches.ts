import { Batcher } from '@radar/platform/batch';
import { deliveriesToAttempt, insertDeliveriesWithJobs, type DeliveryToAttempt, type NewWebhookDelivery } from '../data/webhook-delivery.repository';
import { recordAttemptOutcomes, type AttemptOutcome } from './record-attempt-outcomes';
import type { DeliveryDeps } from './delivery-deps';

/**
 * The statements every webhook delivery makes, each shared by many deliveries at once (group
 * commit): a handler hands in its row and resumes when the batch holding it is committed, so
 * its message is still acknowledged only after its own effects are.
 */
export interface DeliveryBatches {
  /** New deliveries with their jobs, many per statement; true for each one created. */
  newDeliveries: Batcher<NewWebhookDelivery, boolean>;
  /** Deliveries read for an attempt, many per query; undefined for one that does not exist. */
  deliveriesToAttempt: Batcher<string, DeliveryToAttempt | undefined>;
  /** Attempts recorded with their `delivery.updated` events, many per transaction. */
  attemptOutcomes: Batcher<AttemptOutcome, void>;
}

export interface DeliveryBatchSettings {
  /** Rows per statement at most. */
  maxItems: number;
  /** How long the first row of a batch waits for others. */
  maxWaitMs: number;
  /** Batches of one kind written at once (pool connections they may hold). */
  concurrency: number;
}

export const DEFAULT_DELIVERY_BATCH_SETTINGS: DeliveryBatchSettings = { maxItems: 200, maxWaitMs: 5, concurrency: 3 };

export function createDeliveryBatches(
  deps: Pick<DeliveryDeps, 'pool' | 'relays'>,
  settings: DeliveryBatchSettings = DEFAULT_DELIVERY_BATCH_SETTINGS,
): DeliveryBatches {
  return {
    newDeliveries: new Batcher({
      ...settings,
      async flush(deliveries) {
        const created = await insertDeliveriesWithJobs(deps.pool, deliveries);
        if (created.includes(true)) deps.relays.wake();
        return created;
      },
    }),
    deliveriesToAttempt: new Batcher({
      ...settings,
      async flush(ids) {
        const found = await deliveriesToAttempt(deps.pool, ids);
        return ids.map((id) => found.get(id));
      },
    }),
    attemptOutcomes: new Batcher({ ...settings, flush: (outcomes) => recordAttemptOutcomes(deps, outcomes) }),
  };
}

/** Writes what handlers have handed in and waits for the batches being written: before the pool closes. */
export async function drainDeliveryBatches(batches: DeliveryBatches): Promise<void> {
  await Promise.all([batches.newDeliveries.drain(), batches.deliveriesToAttempt.drain(), batches.attemptOutcomes.drain()]);
}
