import type { Aggregations, CompanySummary } from '@radar/contracts';
import type { DomainOwner } from './lookup/domain-resolution';
import type { NameMatches, NameQuery } from './lookup/name-index';

/**
 * The search index behind /companies/search and /companies/counts. Two implementations pass
 * one conformance suite: PostgreSQL full-text search (the embedded default) and Elasticsearch
 * (when ELASTICSEARCH_URL is set). Everything here is already validated and normalised by the
 * service; implementations translate, they do not validate.
 */

export type SortField = 'relevance' | 'quality' | 'employee_count' | 'founded_year' | 'name';
export type SortOrder = 'asc' | 'desc';

export interface SortSpec {
  field: SortField;
  order: SortOrder;
  /** relevance with a query (text score) and without one (quality) are different sorts. */
  hasQuery: boolean;
}

export interface ConnectionFilter {
  category?: string;
  connectedCompanyId?: string;
  connectedDomain?: string;
}

/** Filters after normalisation: empty lists removed, employee range resolved to band values. */
export interface NormalizedFilters {
  query?: string;
  countries?: string[];
  states?: string[];
  cities?: string[];
  industries?: string[];
  excludeIndustries?: string[];
  /** Union of naics_codes and naics_sectors: exact codes and 2-digit prefixes (31-33 expanded to 31, 32, 33). */
  naicsCodes?: string[];
  naicsPrefixes?: string[];
  technologies?: string[];
  technologyCategories?: string[];
  /**
   * The allowed stored band values: the intersection of employee_bands and the min/max range.
   * An empty array means "matches nothing" (e.g. min 5001, max 9999).
   */
  employeeCounts?: number[];
  foundedYearMin?: number;
  foundedYearMax?: number;
  /** Phrases (already collapsed: lower-cased, whitespace-normalised, contained phrases dropped); OR. */
  keywords?: string[];
  excludeKeywords?: string[];
  /** Each entry must match one connection of the company; entries are ANDed. */
  connections?: ConnectionFilter[];
  /** Own or other domain equal to one of these (the entries' exact hosts and registrable domains, de-duplicated). */
  domains?: string[];
}

/**
 * Where the previous page ended: the sort key of its last row and that row's id. `key` is
 * null for a row missing the sort field (those sort last in both directions).
 */
export interface PagePosition {
  key: string | number | null;
  id: string;
  /**
   * The engine's token for the search session the page belongs to, handed from page to page
   * in the cursor (Elasticsearch: which copy of each shard serves the session's pages, so
   * rows neither skip nor repeat between pages). Absent in cursors of engines without one.
   */
  session?: string;
}

export interface SearchPage {
  items: CompanySummary[];
  /** Matches, saturated at SEARCH_TOTAL_CAP. */
  total: number;
  aggregations: Aggregations;
  /** Present when more rows follow. */
  next?: PagePosition;
}

/** One company as stored in the index (both back-ends index exactly these fields). */
export interface IndexedCompany {
  id: string;
  name: string;
  domain: string;
  /** Other domains the company is known by (lower case); lookups and the domains filter match them as `domain`. */
  otherDomains: string[];
  description: string | null;
  industry: string | null;
  employeeCount: number | null;
  country: string | null;
  countryCode: string | null;
  state: string | null;
  city: string | null;
  technologies: string[];
  technologyCategories: string[];
  naicsCode: string | null;
  foundedYear: number | null;
  fundingStage: string | null;
  fundingTotalUsd: number | null;
  lastFundingDate: string | null;
  profileUrl: string | null;
  dataQualityScore: number;
  connections: { category: string; connectedCompanyId: string; connectedDomain: string }[];
}

/** What a similar company has in common with the seeds (extensions.md section 2, `shared`). */
export interface SimilarShared {
  industry: string | null;
  country: string | null;
  employeeBand: boolean;
  technologies: string[];
  terms: string[];
}

export interface SimilarMatch {
  companyId: string;
  /** Four decimals. */
  similarity: number;
  shared: SimilarShared;
}

export interface SimilarQuery {
  /** Known, distinct company ids. */
  seedIds: string[];
  /** Only companies matching these are candidates. */
  filters?: NormalizedFilters;
  limit: number;
}

export interface CompanyIndex {
  search(filters: NormalizedFilters, sort: SortSpec, limit: number, after?: PagePosition): Promise<SearchPage>;
  /** Exact, uncapped. */
  count(filters: NormalizedFilters): Promise<number>;
  /** Exact count of matches among the given company ids (the workspace's saved and exported ones). */
  countAmong(filters: NormalizedFilters, companyIds: string[]): Promise<number>;
  /** Up to `max` matching ids in sort order (export sources); `among` restricts the matches to those ids (a saved list). */
  matchingIds(filters: NormalizedFilters, sort: SortSpec, max: number, among?: readonly string[]): Promise<string[]>;
  /** Insert or replace companies (bulk). */
  upsert(companies: IndexedCompany[]): Promise<void>;
  /** Makes written companies visible to searches (Elasticsearch refresh; no-op for PostgreSQL). */
  refresh(): Promise<void>;
  /** Companies whose own or other domain is one of `domains` (normalised, lower case). */
  domainOwners(domains: string[]): Promise<DomainOwner[]>;
  /**
   * Per name, in the order given: companies whose name similarity to it reaches
   * NAME_CANDIDATE_MIN (lookup/name-words.ts), within its country when one is given; at least
   * the best LOOKUP_MAX_CANDIDATES of them by similarity, ties by id (all a decision reads:
   * lookup-decision.ts), in no order; or that no company is in its country.
   */
  nameCandidates(queries: NameQuery[]): Promise<NameMatches[]>;
  /** The summaries of these companies, in no particular order; unknown ids are left out. */
  summariesOf(ids: string[]): Promise<CompanySummary[]>;
  /** The `limit` companies most similar to the seeds by the rule of similar/similarity-rule.ts, best first, ties by id; seeds and companies at 0 left out. */
  similar(query: SimilarQuery): Promise<SimilarMatch[]>;
  /** Prepares what the back-end keeps in process for fast searches (at service start; optional, best effort). */
  warmUp?(): Promise<void>;
}
