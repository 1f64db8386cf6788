import type { estypes } from '@elastic/elasticsearch';
import type { ConnectionFilter, NormalizedFilters } from '../company-index';
import { NAICS_PREFIX_LENGTH } from './company-document';

type Query = estypes.QueryDslQueryContainer;

/**
 * The fields the free-text query reads, with the boosts interface.md orders them by: name,
 * then description, then industry and domain.
 */
export const TEXT_QUERY_FIELDS = ['name^4', 'description^2', 'industry.text', 'domain.text'] as const;

/**
 * The query syntax a free-text query understands, that of PostgreSQL's websearch_to_tsquery
 * (the other back-end): "quoted phrases", -exclusion and OR. Nothing else (`*`, `~`, `+`,
 * parentheses) is an operator, so no input can fail to parse.
 */
export const TEXT_QUERY_FLAGS = 'OR|NOT|PHRASE|WHITESPACE';

/**
 * Keyword phrases match the unstemmed words of name and description (interface.md: "phrase
 * match on name and description").
 */
export const PHRASE_FIELDS = ['name.plain', 'description.plain'] as const;

/** websearch syntax to simple_query_string syntax: a bare `or` between words becomes `|`. */
export function toSimpleQuerySyntax(text: string): string {
  // Even segments are outside double quotes; inside a phrase "or" is just a word.
  return text
    .split('"')
    .map((segment, position) => (position % 2 === 0 ? segment.replace(/(^|\s)or(?=\s|$)/gi, '$1|') : segment))
    .join('"');
}

function phraseMatches(phrase: string): Query[] {
  return PHRASE_FIELDS.map((field) => ({ match_phrase: { [field]: phrase } }));
}

function connectionQuery(connection: ConnectionFilter): Query {
  const clauses: Query[] = [];
  if (connection.category !== undefined) clauses.push({ term: { 'connections.category': connection.category } });
  if (connection.connectedCompanyId !== undefined) {
    clauses.push({ term: { 'connections.connected_company_id': connection.connectedCompanyId } });
  }
  if (connection.connectedDomain !== undefined) clauses.push({ term: { 'connections.connected_domain': connection.connectedDomain } });
  // One nested query per entry: its clauses must hold for the same connection object.
  return { nested: { path: 'connections', query: { bool: { filter: clauses } } } };
}

function naicsQuery(codes: string[], prefixes: string[]): Query | undefined {
  const sectorPrefixes = prefixes.filter((prefix) => prefix.length === NAICS_PREFIX_LENGTH);
  // Any other prefix length has no stored field of its own: fall back to a prefix scan.
  const otherPrefixes = prefixes.filter((prefix) => prefix.length !== NAICS_PREFIX_LENGTH);
  const alternatives: Query[] = [];
  if (codes.length > 0) alternatives.push({ terms: { naics_code: codes } });
  if (sectorPrefixes.length > 0) alternatives.push({ terms: { naics_prefix: sectorPrefixes } });
  for (const prefix of otherPrefixes) alternatives.push({ prefix: { naics_code: prefix } });
  if (alternatives.length === 0) return undefined;
  if (alternatives.length === 1) return alternatives[0];
  // naics_codes and naics_sectors are a union (interface.md).
  return { bool: { should: alternatives, minimum_should_match: 1 } };
}

function nonEmpty(values: string[] | undefined): values is string[] {
  return values !== undefined && values.length > 0;
}

/** The free-text query of the filters, undefined when there is none (or it is blank). */
export function queryText(filters: NormalizedFilters): string | undefined {
  const text = filters.query?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * The text query that selects and ranks matches when the request has a free-text query.
 * Every word must occur in one of the four fields (a word in the name and another in the
 * domain is a match, as with the PostgreSQL back-end's one search vector), each field read
 * with its own analyzer; a word scores by its best field, name boosted most.
 */
export function textQuery(filters: NormalizedFilters): Query | undefined {
  const text = queryText(filters);
  if (text === undefined) return undefined;
  return {
    simple_query_string: {
      query: toSimpleQuerySyntax(text),
      fields: [...TEXT_QUERY_FIELDS],
      default_operator: 'and',
      flags: TEXT_QUERY_FLAGS,
    },
  };
}

/**
 * The whole match set of a search, counts request or export source. Filters go in filter
 * context (cached, not scored); only the free-text query contributes to the score.
 */
export function buildCompanyQuery(filters: NormalizedFilters): Query {
  const must: Query[] = [];
  const filter: Query[] = [];
  const mustNot: Query[] = [];

  const text = textQuery(filters);
  if (text !== undefined) must.push(text);

  if (nonEmpty(filters.countries)) filter.push({ terms: { country: filters.countries } });
  if (nonEmpty(filters.states)) filter.push({ terms: { state: filters.states } });
  if (nonEmpty(filters.cities)) filter.push({ terms: { city: filters.cities } });
  if (nonEmpty(filters.industries)) filter.push({ terms: { industry: filters.industries } });
  // must_not on a field the company lacks never matches, so companies without an industry stay.
  if (nonEmpty(filters.excludeIndustries)) mustNot.push({ terms: { industry: filters.excludeIndustries } });

  const naics = naicsQuery(filters.naicsCodes ?? [], filters.naicsPrefixes ?? []);
  if (naics !== undefined) filter.push(naics);

  if (nonEmpty(filters.technologies)) filter.push({ terms: { technologies: filters.technologies } });
  if (nonEmpty(filters.technologyCategories)) filter.push({ terms: { technology_categories: filters.technologyCategories } });

  if (filters.employeeCounts !== undefined) {
    // An empty list is a resolved range that holds none of the nine band values.
    filter.push(filters.employeeCounts.length === 0 ? { match_none: {} } : { terms: { employee_count: filters.employeeCounts } });
  }

  if (filters.foundedYearMin !== undefined || filters.foundedYearMax !== undefined) {
    const range: estypes.QueryDslNumberRangeQuery = {};
    if (filters.foundedYearMin !== undefined) range.gte = filters.foundedYearMin;
    if (filters.foundedYearMax !== undefined) range.lte = filters.foundedYearMax;
    filter.push({ range: { founded_year: range } });
  }

  if (nonEmpty(filters.keywords)) {
    filter.push({ bool: { should: filters.keywords.flatMap(phraseMatches), minimum_should_match: 1 } });
  }
  if (nonEmpty(filters.excludeKeywords)) mustNot.push(...filters.excludeKeywords.flatMap(phraseMatches));

  for (const connection of filters.connections ?? []) filter.push(connectionQuery(connection));

  const bool: estypes.QueryDslBoolQuery = {};
  if (must.length > 0) bool.must = must;
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  return { bool };
}

/** The match set restricted to some company ids (the workspace's saved and exported ones). */
export function buildCompanyQueryAmong(filters: NormalizedFilters, companyIds: string[]): Query {
  const query = buildCompanyQuery(filters);
  const bool = query.bool ?? {};
  const filter = Array.isArray(bool.filter) ? bool.filter : bool.filter === undefined ? [] : [bool.filter];
  return { bool: { ...bool, filter: [...filter, { terms: { id: companyIds } }] } };
}
