import { purgeDeliveriesBefore } from '../data/delivery-log.repository';
import type { DeliveryDeps } from './delivery-deps';

export interface RetentionSettings {
  /** Deliveries (with their attempts) older than this many days are removed. */
  retentionDays: number;
  /** Rows removed per statement: short transactions that never hold many locks at once. */
  batchSize: number;
}

const DAY_MS = 86_400_000;

/**
 * Removes the deliveries older than the retention, and their attempts, in batches until none is
 * left or `signal` aborts (the job's lock was lost, or the service is stopping); answers how many.
 * Only webhook-dispatch's own rows: the signals they delivered are signal-ingest's and stay.
 */
export async function purgeExpiredDeliveries(deps: Pick<DeliveryDeps, 'pool' | 'now' | 'logger'>, settings: RetentionSettings, signal?: AbortSignal): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - settings.retentionDays * DAY_MS);
  let purged = 0;
  while (!signal?.aborted) {
    const removed = await purgeDeliveriesBefore(deps.pool, cutoff, settings.batchSize);
    purged += removed;
    if (removed < settings.batchSize) break;
  }
  if (purged > 0) deps.logger.info({ purged, cutoff }, 'purged webhook deliveries past their retention');
  return purged;
}
