import type { Bus } from '@radar/platform/nats';
import type { SignalIngestDeps } from '../use-cases/deps';
import { trackWatchedDomain } from '../use-cases/track-watched-domain';
import { SIGNAL_INGEST_CONSUMERS } from './consumer-names';

/**
 * Changes handled at once per replica: their order does not matter (the stream sequence decides),
 * and a monitor created with a thousand domains sends a thousand of them at once.
 */
const DOMAIN_EVENT_CONCURRENCY = 32;

/** monitor-scheduler's `monitor.domain.added` and `monitor.domain.removed`: which companies each workspace watches. */
export async function consumeMonitorDomains(bus: Bus, deps: SignalIngestDeps): Promise<void> {
  await bus.consume('monitor.domain.added', { durable: SIGNAL_INGEST_CONSUMERS.domainsAdded, concurrency: DOMAIN_EVENT_CONCURRENCY }, (event, meta) =>
    trackWatchedDomain(deps, event, meta, true),
  );
  await bus.consume('monitor.domain.removed', { durable: SIGNAL_INGEST_CONSUMERS.domainsRemoved, concurrency: DOMAIN_EVENT_CONCURRENCY }, (event, meta) =>
    trackWatchedDomain(deps, event, meta, false),
  );
}
