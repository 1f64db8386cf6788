import type { estypes } from '@elastic/elasticsearch';
import { SEARCH_TOTAL_CAP, type CompanySummary } from '@radar/contracts';
import { z } from 'zod';
import type { PagePosition, SortSpec } from '@radar/company-index';
import { parseFacets, type ParsedFacets } from './facet-aggregations';
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

/**
 * hits.total as a number, capped: track_total_hits stops counting at the cap anyway. A request
 * that counted has it; its absence means the request did not ask (track_total_hits: false).
 */
export function cappedTotal(total: estypes.SearchTotalHits | number | undefined): number {
  if (total === undefined) throw new Error('Elasticsearch answered no hits.total where the request counted the matches');
  const value = typeof total === 'number' ? total : total.value;
  return Math.min(value, SEARCH_TOTAL_CAP);
}

export interface HitsPage {
  items: CompanySummary[];
  /** Present when more rows follow. */
  next?: PagePosition;
}

/**
 * The rows of a page from a response to buildHitsRequest, which asked for `limit + 1` rows:
 * the extra row only says that more follow, and the position of the page's last row is then
 * where the next page starts.
 */
export function parseHitsPage(response: estypes.SearchResponse<unknown>, sort: SortSpec, limit: number): HitsPage {
  const hits = response.hits.hits;
  const pageHits = hits.slice(0, limit);
  const items = pageHits.map((hit) => toCompanySummary(hit._source));
  const page: HitsPage = { items };
  const last = pageHits.at(-1);
  const lastItem = items.at(-1);
  if (hits.length > limit && last !== undefined && lastItem !== undefined) {
    page.next = positionFromSortValues(sort, last.sort, lastItem.company_id);
  }
  return page;
}

export interface MatchSetSummary {
  /** Matches, saturated at SEARCH_TOTAL_CAP. */
  total: number;
  facets: ParsedFacets;
}

/** The capped total and the facets from a response to buildSummaryRequest. */
export function parseSummary(response: estypes.SearchResponse<unknown>): MatchSetSummary {
  return { total: cappedTotal(response.hits.total), facets: parseFacets(response.aggregations) };
}
