import { LRUCache } from 'lru-cache';
import type { Aggregations } from '@radar/contracts';
import type { NormalizedFilters } from '@radar/company-index';

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
    return this.peek(filters) ?? this.put(filters, compute());
  }

  /** The summary of these filters when one is kept or being computed. */
  peek(filters: NormalizedFilters): Promise<MatchSetSummary> | undefined {
    return this.entries.get(JSON.stringify(filters));
  }

  /** Keeps a summary being computed (by a statement that also answers a page); a failure is forgotten. */
  put(filters: NormalizedFilters, computing: Promise<MatchSetSummary>): Promise<MatchSetSummary> {
    const key = JSON.stringify(filters);
    const pending = computing.catch((error: unknown) => {
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
