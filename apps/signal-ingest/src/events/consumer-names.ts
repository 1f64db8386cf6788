/** Durable consumer names: part of the JetStream state; do not rename without a migration plan. */
export const SIGNAL_INGEST_CONSUMERS = {
  checks: 'signal-ingest-checks',
  deliveryOutcomes: 'signal-ingest-delivery-outcomes',
  domainsAdded: 'signal-ingest-monitor-domains-added',
  domainsRemoved: 'signal-ingest-monitor-domains-removed',
} as const;
