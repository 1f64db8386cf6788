import type { AnyOutboxEvent } from '@radar/platform/outbox';

/**
 * A domain began or stopped being watched. Keyed by monitor, so one monitor's changes are
 * published in the order they happened (watched, dropped, watched again).
 */
export const domainAdded = (workspaceId: string, monitorId: string, domain: string): AnyOutboxEvent => ({
  subject: 'monitor.domain.added',
  payload: { workspaceId, monitorId, domain },
  aggregateKey: `monitor:${monitorId}`,
});

export const domainRemoved = (workspaceId: string, monitorId: string, domain: string): AnyOutboxEvent => ({
  subject: 'monitor.domain.removed',
  payload: { workspaceId, monitorId, domain },
  aggregateKey: `monitor:${monitorId}`,
});
