import { LRUCache } from 'lru-cache';
import type { NormalizedFilters, PagePosition, SortSpec } from '@radar/company-index';
import type { KeyedRow } from './sort-sql';

/** How many leading rows of a relevance order the first page keeps: a hundred pages of twenty, and the row that says a page follows. */
export const RANKED_PREFIX_ROWS = 2_001;

export interface RankedPrefix {
  /** Sort key and id of the leading rows, in order. */
  rows: KeyedRow[];
  /** True when the rows are every match (the set was smaller than the prefix). */
  complete: boolean;
}

/**
 * The leading rows of recent relevance orders. Ranking a free-text query scores every match,
 * and keyset paging by score would score them all again for every page; the first page keeps
 * the order of its first two thousand rows instead, so the pages after it only read their rows by
 * id. Cleared with the facet cache on every write; entries expire like it.
 */
export class RankedPrefixCache {
  private readonly entries: LRUCache<string, RankedPrefix>;

  constructor(options: { max?: number; ttlMs?: number } = {}) {
    this.entries = new LRUCache({ max: options.max ?? 200, ttl: options.ttlMs ?? 5 * 60_000 });
  }

  private static key(filters: NormalizedFilters, sort: SortSpec): string {
    return JSON.stringify([filters, sort.field, sort.order, sort.hasQuery]);
  }

  put(filters: NormalizedFilters, sort: SortSpec, prefix: RankedPrefix): void {
    this.entries.set(RankedPrefixCache.key(filters, sort), prefix);
  }

  /**
   * The `count` rows after `after` (from the start without it) when the kept prefix holds
   * them, or holds every match; undefined when the page has to be read from the database.
   */
  rows(filters: NormalizedFilters, sort: SortSpec, after: PagePosition | undefined, count: number): RankedPrefix['rows'] | undefined {
    const prefix = this.entries.get(RankedPrefixCache.key(filters, sort));
    if (!prefix) return undefined;
    const at = after === undefined ? -1 : prefix.rows.findIndex((row) => row.id === after.id);
    if (after !== undefined && at < 0) return undefined;
    const rows = prefix.rows.slice(at + 1, at + 1 + count);
    return rows.length === count || prefix.complete ? rows : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}
