import { lastCompletedIngestDay } from '../data/lead-ingests.repository';
import { ingestLeads } from './ingest-leads';
import { pruneLeads } from './prune-leads';
import type { SignalIngestDeps } from './deps';

type Deps = Parameters<typeof ingestLeads>[0] & Pick<SignalIngestDeps, 'pool' | 'logger' | 'now'>;

/**
 * The leads feed's upkeep, run by one replica at a time: reads the provider's feed when asked to
 * (at start) or when today has no complete reading yet, then applies the retention. A failed
 * reading is logged and tried again at the next run; the retention is applied either way.
 */
export async function refreshLeads(deps: Deps, options: { forceIngest: boolean }, signal: AbortSignal): Promise<void> {
  const today = deps.now().toISOString().slice(0, 10);
  if (options.forceIngest || (await lastCompletedIngestDay(deps.pool)) !== today) {
    try {
      await ingestLeads(deps, signal);
    } catch (error) {
      if (signal.aborted) return;
      deps.logger.warn({ err: error }, 'reading the followed companies feed failed; the next run tries again');
    }
  }
  await pruneLeads(deps);
}
