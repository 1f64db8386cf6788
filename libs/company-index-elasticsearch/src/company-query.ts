import type { estypes } from '@elastic/elasticsearch';
import type { ConnectionFilter, NormalizedFilters } from '@radar/company-index';
import { expandFreeTextQuery } from '@radar/company-index';
import { keywordWords } from '@radar/company-index';
import { NAICS_PREFIX_LENGTH } from './company-document';
import { parseWebsearchQuery, type WebsearchNode } from './websearch-query';

type Query = estypes.QueryDslQueryContainer;

/**
 * The fields the free-text query reads and what a query word found in each adds to the
 * score. interface.md ranks name, then description, then industry and domain; each weight is
 * more than all lighter ones together, so a word in the name always outranks one found only
 * in the other three fields (PostgreSQL's weights 1.0, 0.4, 0.2, 0.1 order them the same way). A
 * company's score is the sum over the query's words of the weights of the fields holding the
 * word: summed across fields, with no term statistics, so a company scores the same on every
 * shard and replica copy and deep relevance pages never disagree about the order.
 */
export const TEXT_FIELD_WEIGHTS = [
  { field: 'name', weight: 8 },
  { field: 'description', weight: 4 },
  { field: 'industry.text', weight: 2 },
  { field: 'domain.text', weight: 1 },
] as const;

/**
 * Keyword phrases match the words of name and description, unstemmed (interface.md: "phrase
 * match on name and description").
 */
export const PHRASE_FIELDS = ['name.plain', 'description.plain'] as const;

/**
 * One value of a free-text query (a word, a hyphenated or dotted word, a quoted phrase): its
 * words in order in one of the four fields, each field read with its own analyzer (stop words
 * leave a gap, as in PostgreSQL's `<2>`).
 */
function valueQuery(text: string): Query {
  return {
    bool: {
      should: TEXT_FIELD_WEIGHTS.map(({ field, weight }) => ({ constant_score: { filter: { match_phrase: { [field]: text } }, boost: weight } })),
      minimum_should_match: 1,
    },
  };
}

function operandsOf(node: WebsearchNode, kind: 'and' | 'or'): WebsearchNode[] {
  return node.kind === kind ? [...operandsOf(node.left, kind), ...operandsOf(node.right, kind)] : [node];
}

/** A websearch tree as query DSL: AND is must (and must_not for its negated operands), OR should, NOT must_not. */
function websearchQuery(node: WebsearchNode): Query {
  switch (node.kind) {
    case 'value':
      return valueQuery(node.text);
    case 'not':
      // A bool of must_not alone matches every other company, as `!'word'` does in PostgreSQL.
      return { bool: { must_not: [websearchQuery(node.operand)] } };
    case 'and': {
      const operands = operandsOf(node, 'and');
      const must = operands.filter((operand) => operand.kind !== 'not').map(websearchQuery);
      const mustNot = operands.flatMap((operand) => (operand.kind === 'not' ? [websearchQuery(operand.operand)] : []));
      const bool: estypes.QueryDslBoolQuery = {};
      if (must.length > 0) bool.must = must;
      if (mustNot.length > 0) bool.must_not = mustNot;
      return { bool };
    }
    case 'or':
      return { bool: { should: operandsOf(node, 'or').map(websearchQuery), minimum_should_match: 1 } };
  }
}

/** A keyword phrase's words, as the PostgreSQL back-end cuts them (keyword-like.ts); empty for a phrase without a word. */
function phraseText(phrase: string): string {
  return keywordWords(phrase).join(' ');
}

function phraseMatches(text: string): Query[] {
  return PHRASE_FIELDS.map((field) => ({ match_phrase: { [field]: text } }));
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

/** A part of a free-text query (websearch syntax) as query DSL; undefined when only stop words are left. */
function partQuery(text: string): Query | undefined {
  const tree = parseWebsearchQuery(text);
  return tree === undefined ? undefined : websearchQuery(tree);
}

const present = (query: Query | undefined): query is Query => query !== undefined;

/** Every one of the queries; undefined for none, as an empty tsquery drops out of `&&`. */
function allOf(queries: Query[]): Query | undefined {
  if (queries.length <= 1) return queries[0];
  return { bool: { must: queries } };
}

/** Any of the queries (each that matches adds its score); undefined for none, as an empty tsquery drops out of `||`. */
function anyOf(queries: Query[]): Query | undefined {
  if (queries.length <= 1) return queries[0];
  return { bool: { should: queries, minimum_should_match: 1 } };
}

/**
 * The text query that selects and ranks matches when the request has a free-text query, meaning
 * what PostgreSQL's websearch_to_tsquery('english') means: the same words dropped, `or`,
 * quoted phrases and `-` read the same way (AND before OR, not left to right). Each value may
 * be found in a different field (a word in the name and another in the domain match, as with
 * the PostgreSQL back-end's one search vector). A query of stop words only matches nothing, as
 * in PostgreSQL.
 *
 * With synonyms (free-text-query.ts), the same tree the PostgreSQL back-end builds of
 * websearch_to_tsquery parts (postgres/text-query-sql.ts): the branches ORed, each what has no
 * synonyms AND, per word with synonyms, any of its alternatives; parts of stop words only drop
 * out, as they do from PostgreSQL's `&&` and `||`.
 */
export function textQuery(filters: NormalizedFilters): Query | undefined {
  const text = queryText(filters);
  if (text === undefined) return undefined;
  const { branches } = expandFreeTextQuery(text);
  const query =
    branches === undefined
      ? partQuery(text)
      : anyOf(
          branches
            .map((branch) =>
              allOf([
                ...(branch.rest.trim() === '' ? [] : [partQuery(branch.rest)]),
                ...branch.synonyms.map((synonym) => anyOf(synonym.alternatives.map(partQuery).filter(present))),
              ].filter(present)),
            )
            .filter(present),
        );
  return query ?? { match_none: {} };
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
  if (nonEmpty(filters.domains)) filter.push(domainsQuery(filters.domains));
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
    // A phrase without a word matches nothing (as in the PostgreSQL back-end), so it adds no alternative.
    const phrases = filters.keywords.map(phraseText).filter((text) => text !== '');
    filter.push(phrases.length === 0 ? { match_none: {} } : { bool: { should: phrases.flatMap(phraseMatches), minimum_should_match: 1 } });
  }
  if (nonEmpty(filters.excludeKeywords)) {
    mustNot.push(...filters.excludeKeywords.map(phraseText).filter((text) => text !== '').flatMap(phraseMatches));
  }

  for (const connection of filters.connections ?? []) filter.push(connectionQuery(connection));

  const bool: estypes.QueryDslBoolQuery = {};
  if (must.length > 0) bool.must = must;
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  return { bool };
}

/** Companies whose own or other domain is one of these (the domains filter, and the owners a lookup reads). */
export function domainsQuery(domains: string[]): Query {
  return { bool: { should: [{ terms: { domain: domains } }, { terms: { other_domains: domains } }], minimum_should_match: 1 } };
}

/** The match set restricted to some company ids (the workspace's saved and exported ones). */
export function buildCompanyQueryAmong(filters: NormalizedFilters, companyIds: string[]): Query {
  const query = buildCompanyQuery(filters);
  const bool = query.bool ?? {};
  const filter = Array.isArray(bool.filter) ? bool.filter : bool.filter === undefined ? [] : [bool.filter];
  return { bool: { ...bool, filter: [...filter, { terms: { id: companyIds } }] } };
}
