import { LRUCache } from 'lru-cache';
import type { Aggregations } from '@radar/contracts';
import type { NormalizedFilters } from '../company-index';

export interface MatchSetSummary {
  /** Matches, saturated at the search cap. */
  total: number;
  aggregations: Aggregations;
}

/**
 * Facets and the capped total of recent match sets. Paging through one search asks for the
 * same match set again and again, and counting facets means reading every match, so they
 * are computed once per filter set and kept for a while. Concurrent requests for the same
 * filters share one computation. `clear` (on every write) makes new data count at once in
 * this process; other replicas see it when their entries expire.
 */
export class FacetCache {
  private readonly entries: LRUCache<string, Promise<MatchSetSummary>>;

  constructor(options: { max?: number; ttlMs?: number } = {}) {
    this.entries = new LRUCache({ max: options.max ?? 500, ttl: options.ttlMs ?? 5 * 60_000 });
  }

  get(filters: NormalizedFilters, compute: () => Promise<MatchSetSummary>): Promise<MatchSetSummary> {
    const key = JSON.stringify(filters);
    const cached = this.entries.get(key);
    if (cached) return cached;
    const pending = compute().catch((error: unknown) => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
      throw error;
    });
    this.entries.set(key, pending);
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}
