import { normalizeMonitorDomain, type EventPayload } from '@radar/contracts';
import type { EventMeta } from '@radar/platform/nats';
import { applyWatchChange } from '../data/watched-domains.repository';
import type { SignalIngestDeps } from './deps';

type DomainEvent = EventPayload<'monitor.domain.added'> | EventPayload<'monitor.domain.removed'>;

/**
 * `monitor.domain.added` / `monitor.domain.removed`: keeps, per workspace, the domains its
 * monitors watch (leads' `watched` and `hide_watched`). The two subjects are read by two
 * consumers, so a removal can be handled before the addition it follows; each change carries
 * its position in the monitors' stream and only a later one replaces it. Safe to repeat.
 */
export async function trackWatchedDomain(deps: Pick<SignalIngestDeps, 'pool' | 'now'>, event: DomainEvent, meta: EventMeta, watching: boolean): Promise<void> {
  await applyWatchChange(deps.pool, event.workspaceId, {
    monitorId: event.monitorId,
    domain: normalizeMonitorDomain(event.domain),
    watching,
    sequence: meta.streamSequence,
    at: deps.now(),
  });
}
