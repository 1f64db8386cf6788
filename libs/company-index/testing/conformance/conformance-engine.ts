import type { CompanyFilters } from '@radar/contracts';
import type { CompanyIndex, PagePosition, SearchPage } from '../../src/company-index';
import { normalizeFilters } from '../../src/normalize-filters';
import { sortSpecOf } from '../../src/sort-spec';

/**
 * PostgreSQL, asked by the oracle how its `english` text search configuration reads text
 * (stop words, lexemes): the rules say "as the free-text query reads it". A pg Pool is one.
 */
export interface TextSearchDatabase {
  query<Row extends object>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/** An index of the engine under test, empty, of its own (a database, a cluster index). */
export interface OpenedIndex {
  index: CompanyIndex;
  textSearch: TextSearchDatabase;
  /** Removes what opening it made. */
  close(): Promise<void>;
}

/** An engine the conformance suites run against. */
export interface ConformanceEngine {
  open(): Promise<OpenedIndex>;
}

/** The suites write their companies and make them visible once, before their first test. */
export const FIXTURE_LOAD_TIMEOUT_MS = 300_000;

/** Every page of a search as the service asks for it (its normalised filters and sort), following `next` to the end. */
export async function searchAllPages(index: CompanyIndex, request: CompanyFilters, limit = 100): Promise<{ ids: string[]; pages: SearchPage[] }> {
  const { filters } = normalizeFilters(request);
  const sort = sortSpecOf(request, filters.query !== undefined);
  const pages: SearchPage[] = [];
  let after: PagePosition | undefined;
  for (let page = 0; page < 200; page += 1) {
    const answer = await index.search(filters, sort, limit, after);
    pages.push(answer);
    if (answer.next === undefined) return { ids: pages.flatMap((p) => p.items.map((item) => item.company_id)), pages };
    after = answer.next;
  }
  throw new Error('paging did not end');
}
