import type { estypes } from '@elastic/elasticsearch';
import { SEARCH_TOTAL_CAP, type CompanySummary } from '@radar/contracts';
import { z } from 'zod';
import type { SearchPage, SortSpec } from '../company-index';
import { parseFacets } from './facet-aggregations';
import { positionFromSortValues } from './sort-clause';

/** The summary fields of a stored document; a field the company lacks is absent (or null). */
const summarySourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  industry: z.string().nullish(),
  employee_count: z.number().int().nullish(),
  country: z.string().nullish(),
  city: z.string().nullish(),
  technologies: z.array(z.string()).nullish(),
  founded_year: z.number().int().nullish(),
});

/** A company summary (companySummarySchema) from a hit's _source. */
export function toCompanySummary(source: unknown): CompanySummary {
  const parsed = summarySourceSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Elasticsearch returned a company document that is not a company: ${parsed.error.message}`);
  const document = parsed.data;
  return {
    company_id: document.id,
    name: document.name,
    domain: document.domain,
    industry: document.industry ?? null,
    employee_count: document.employee_count ?? null,
    country: document.country ?? null,
    city: document.city ?? null,
    technologies: document.technologies ?? [],
    founded_year: document.founded_year ?? null,
  };
}

/** hits.total as a number, capped: track_total_hits stops counting at the cap anyway. */
export function cappedTotal(total: estypes.SearchTotalHits | number | undefined): number {
  const value = typeof total === 'number' ? total : (total?.value ?? 0);
  return Math.min(value, SEARCH_TOTAL_CAP);
}

/**
 * A search page from a response to buildSearchRequest, which asked for `limit + 1` rows: the
 * extra row only says that more follow, and the position of the page's last row is then
 * where the next page starts.
 */
export function parseSearchPage(response: estypes.SearchResponse<unknown>, sort: SortSpec, limit: number): SearchPage {
  const hits = response.hits.hits;
  const pageHits = hits.slice(0, limit);
  const items = pageHits.map((hit) => toCompanySummary(hit._source));
  const page: SearchPage = {
    items,
    total: cappedTotal(response.hits.total),
    aggregations: parseFacets(response.aggregations),
  };
  const last = pageHits.at(-1);
  const lastItem = items.at(-1);
  if (hits.length > limit && last !== undefined && lastItem !== undefined) {
    page.next = positionFromSortValues(sort, last.sort, lastItem.company_id);
  }
  return page;
}
