import type { Bus } from '@radar/platform/nats';
import type { SearchDeps } from '../use-cases/deps';
import { recordCompaniesLocked, recordCompaniesUnlocked } from '../use-cases/record-export-unlocks';

/** Durable consumer names: part of the JetStream state; do not rename without a migration plan. */
export const SEARCH_CONSUMERS = {
  unlocked: 'search-saved-companies-unlocked',
  locked: 'search-saved-companies-locked',
} as const;

/**
 * What exports unlocked, for counts' `saved`. Durable and shared by the replicas; both
 * handlers are idempotent, so a redelivered event changes nothing.
 */
export async function consumeExportUnlocks(bus: Bus, deps: Pick<SearchDeps, 'pool'>): Promise<void> {
  await bus.consume('companies.unlocked', { durable: SEARCH_CONSUMERS.unlocked }, (event) => recordCompaniesUnlocked(deps, event));
  await bus.consume('companies.locked', { durable: SEARCH_CONSUMERS.locked }, (event) => recordCompaniesLocked(deps, event));
}
