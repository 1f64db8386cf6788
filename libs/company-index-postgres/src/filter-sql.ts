import type { ConnectionFilter, NormalizedFilters } from '@radar/company-index';
import { keywordLikePattern } from './keyword-like';
import type { SqlParams } from './sql-params';
import { freeTextQuerySql } from './text-query-sql';

/**
 * Name and description as keyword phrases search them: lower case, every run of other
 * characters than letters and digits made one space, a space at each end, joined by " | " so
 * a phrase cannot span the end of the name and the start of the description. A stored
 * generated column (migration 20261122090000_search_tuning) with the trigram index
 * "companies_keyword_text_trgm_idx": the index finds candidates, LIKE on the stored text
 * confirms them without recomputing the text per row.
 */
export const KEYWORD_TEXT = 'c.keyword_text';

/** True when any phrase occurs; a phrase without a single word matches nothing. */
function keywordMatch(phrases: string[], params: SqlParams): string {
  const patterns = phrases.map(keywordLikePattern).filter((pattern) => pattern !== undefined);
  if (patterns.length === 0) return 'FALSE';
  // Separate ORed conditions (not `LIKE ANY(array)`): a GIN index cannot search an array of patterns.
  return `(${patterns.map((pattern) => `${KEYWORD_TEXT} LIKE ${params.add(pattern)}`).join(' OR ')})`;
}

function connectionMatch(connection: ConnectionFilter, params: SqlParams): string {
  const conditions = ['cc.company_id = c.id'];
  if (connection.category !== undefined) conditions.push(`cc.category = ${params.add(connection.category)}`);
  if (connection.connectedCompanyId !== undefined) {
    conditions.push(`cc.connected_company_id = ${params.add(connection.connectedCompanyId)}::uuid`);
  }
  if (connection.connectedDomain !== undefined) conditions.push(`cc.connected_domain = ${params.add(connection.connectedDomain)}`);
  // One EXISTS per entry: its fields must hold for the same connection row.
  return `EXISTS (SELECT 1 FROM company_connections cc WHERE ${conditions.join(' AND ')})`;
}

/** Own or other domain among `domains`: both found through their unique and primary-key indexes. */
function domainMatch(domains: string[], params: SqlParams): string {
  const list = `${params.add(domains)}::text[]`;
  return `c.id IN (SELECT o.id FROM companies o WHERE o.domain = ANY(${list}) UNION SELECT d.company_id FROM company_domains d WHERE d.domain = ANY(${list}))`;
}

/**
 * The WHERE conditions (ANDed) of a match set over `companies c`. With a free-text query (websearch
 * syntax, which never fails to parse, and synonyms: text-query-sql.ts), also `queryPlaceholder`:
 * a text expression of the query's words, whose lexemes relevance adds up (sort-sql.ts), over
 * the parameter the condition already uses.
 */
export function filterSql(filters: NormalizedFilters, params: SqlParams): { conditions: string[]; queryPlaceholder?: string } {
  const conditions: string[] = [];
  let queryPlaceholder: string | undefined;
  if (filters.query !== undefined) {
    const text = freeTextQuerySql(filters.query, params);
    queryPlaceholder = text.words;
    conditions.push(`c.search_vector @@ ${text.tsquery}`);
  }
  const anyOf = (column: string, values: string[] | undefined) => {
    if (values !== undefined) conditions.push(`${column} = ANY(${params.add(values)}::text[])`);
  };
  anyOf('c.country', filters.countries);
  anyOf('c.state', filters.states);
  anyOf('c.city', filters.cities);
  anyOf('c.industry', filters.industries);
  if (filters.excludeIndustries !== undefined) {
    // A company with no industry is not in any excluded industry: it stays.
    conditions.push(`(c.industry IS NULL OR c.industry <> ALL(${params.add(filters.excludeIndustries)}::text[]))`);
  }

  const naics: string[] = [];
  if (filters.naicsCodes !== undefined) naics.push(`c.naics_code = ANY(${params.add(filters.naicsCodes)}::text[])`);
  if (filters.naicsPrefixes !== undefined) {
    const sectors = filters.naicsPrefixes.filter((prefix) => prefix.length === 2);
    const others = filters.naicsPrefixes.filter((prefix) => prefix.length !== 2);
    if (sectors.length > 0) naics.push(`left(c.naics_code, 2) = ANY(${params.add(sectors)}::text[])`);
    for (const prefix of others) naics.push(`starts_with(c.naics_code, ${params.add(prefix)})`);
  }
  if (naics.length > 0) conditions.push(`(${naics.join(' OR ')})`);

  if (filters.technologies !== undefined) conditions.push(`c.technologies && ${params.add(filters.technologies)}::text[]`);
  if (filters.technologyCategories !== undefined) {
    conditions.push(`c.technology_categories && ${params.add(filters.technologyCategories)}::text[]`);
  }
  if (filters.employeeCounts !== undefined) {
    conditions.push(
      filters.employeeCounts.length === 0 ? 'FALSE' : `c.employee_count = ANY(${params.add(filters.employeeCounts)}::int[])`,
    );
  }
  if (filters.foundedYearMin !== undefined) conditions.push(`c.founded_year >= ${params.add(filters.foundedYearMin)}::int`);
  if (filters.foundedYearMax !== undefined) conditions.push(`c.founded_year <= ${params.add(filters.foundedYearMax)}::int`);
  if (filters.keywords !== undefined && filters.keywords.length > 0) conditions.push(keywordMatch(filters.keywords, params));
  if (filters.excludeKeywords !== undefined && filters.excludeKeywords.length > 0) {
    conditions.push(`NOT ${keywordMatch(filters.excludeKeywords, params)}`);
  }
  for (const connection of filters.connections ?? []) conditions.push(connectionMatch(connection, params));
  if (filters.domains !== undefined) conditions.push(domainMatch(filters.domains, params));
  return { conditions, queryPlaceholder };
}

/**
 * Companies in any of these industries or with any of these keyword phrases (what
 * exclude_industries and exclude_keywords take away from a match set) as disjoint pieces
 * whose counts add up: the excluded industries, then the phrase matches outside them. As one
 * OR condition the planner could not combine the trigram bitmap with the industry index and
 * read every row of the base filters instead (Canada without an industry and a phrase: 36,000
 * heap pages, 1.8 s uncached; as two pieces 2,500 pages, 0.2 s).
 */
export function excludedPiecesSql(excluded: { industries?: string[]; keywords?: string[] }, params: SqlParams): string[] {
  const pieces: string[] = [];
  const industries = excluded.industries !== undefined && excluded.industries.length > 0 ? params.add(excluded.industries) : undefined;
  if (industries !== undefined) pieces.push(`c.industry = ANY(${industries}::text[])`);
  if (excluded.keywords !== undefined && excluded.keywords.length > 0) {
    const phrases = keywordMatch(excluded.keywords, params);
    pieces.push(industries === undefined ? phrases : `${phrases} AND (c.industry IS NULL OR c.industry <> ALL(${industries}::text[]))`);
  }
  return pieces.length === 0 ? ['FALSE'] : pieces;
}
