import { STREAMS } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { rebuildLeadDerivedTables, removeExpiredLeads } from '../data/leads.repository';
import { forgetWatchStopsBefore } from '../data/watched-domains.repository';
import { keepFrom } from '../domain/lead-retention';
import type { SignalIngestDeps } from './deps';

/**
 * A removal of a watched domain is kept until no older event about it can still be delivered:
 * twice the time the stream keeps events.
 */
const WATCH_STOP_MEMORY_MS = 2 * STREAMS.MONITORS.maxAgeMs;

/**
 * The daily retention: leads past their time (job openings 90 days, everything else a year)
 * are removed and the derived tables rebuilt, in one transaction; watch removals old enough
 * to be forgotten are.
 */
export async function pruneLeads(deps: Pick<SignalIngestDeps, 'pool' | 'logger' | 'now'>): Promise<void> {
  const now = deps.now();
  await inTransaction(deps.pool, async (db) => {
    const expired = await removeExpiredLeads(db, keepFrom(now.toISOString().slice(0, 10)));
    if (expired > 0) {
      await rebuildLeadDerivedTables(db);
      deps.logger.info({ expired }, 'expired leads removed');
    }
    await forgetWatchStopsBefore(db, new Date(now.getTime() - WATCH_STOP_MEMORY_MS));
  });
}
