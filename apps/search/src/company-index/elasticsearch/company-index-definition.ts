import type { estypes } from '@elastic/elasticsearch';

/** Shards, replicas and refresh cadence: deployment choices, so they come from configuration. */
export interface IndexLayout {
  shards: number;
  replicas: number;
  /** How often new writes become searchable outside bulk loads, e.g. `1s` or `30s`. */
  refreshInterval: string;
}

/** A single-node development cluster: one shard, no replica (a replica could never be placed). */
export const DEVELOPMENT_LAYOUT: IndexLayout = { shards: 1, replicas: 0, refreshInterval: '1s' };

export const NAME_SORT_NORMALIZER = 'lowercase_sort';
export const DOMAIN_ANALYZER = 'domain_words';
const DOMAIN_TOKENIZER = 'domain_parts';

/** Full text in English: stemming and stop words, so "services" finds "service". */
const englishText: estypes.MappingProperty = { type: 'text', analyzer: 'english' };

/**
 * English text plus a `plain` sub-field of lowercased words without stemming or stop words,
 * which keyword phrases match: "cloud" must not find "clouds", as in the PostgreSQL back-end's
 * word-boundary match.
 */
const phraseSearchableText: estypes.MappingProperty = {
  type: 'text',
  analyzer: 'english',
  fields: { plain: { type: 'text', analyzer: 'standard' } },
};

/** Exact, case-sensitive filter and facet values. */
const keyword: estypes.MappingProperty = { type: 'keyword' };

/**
 * A keyword that every search also counts as a facet: its global ordinals are built when a
 * refresh opens new segments, not by the first search after it.
 */
const facetKeyword: estypes.MappingProperty = { type: 'keyword', eager_global_ordinals: true };

/** Kept in _source for the company detail and exports, never searched or sorted. */
const storedOnly: estypes.MappingProperty = { type: 'keyword', index: false, doc_values: false };

/**
 * The mapping of CompanyDocument. `dynamic: strict` makes a field added to the document but
 * forgotten here a loud indexing error instead of a silently guessed type.
 */
export const COMPANY_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    id: keyword,
    name: phraseSearchableText,
    name_sort: { type: 'keyword', normalizer: NAME_SORT_NORMALIZER },
    // Filters and facets need the exact value; the free-text query reads the analysed sub-field.
    // A domain is read as its labels: "acme-cloud.io" is acme, cloud, io.
    domain: { type: 'keyword', fields: { text: { type: 'text', analyzer: DOMAIN_ANALYZER } } },
    description: phraseSearchableText,
    industry: { type: 'keyword', eager_global_ordinals: true, fields: { text: englishText } },
    employee_count: { type: 'integer' },
    country: facetKeyword,
    country_code: keyword,
    state: keyword,
    city: keyword,
    technologies: facetKeyword,
    technology_categories: keyword,
    naics_code: keyword,
    naics_prefix: keyword,
    founded_year: { type: 'integer' },
    funding_stage: keyword,
    funding_total_usd: { type: 'long' },
    last_funding_date: { type: 'date', format: 'strict_date' },
    profile_url: storedOnly,
    data_quality_score: { type: 'integer' },
    connections: {
      type: 'nested',
      properties: {
        category: keyword,
        connected_company_id: keyword,
        connected_domain: keyword,
      },
    },
  },
};

/** Index settings at creation: layout plus the analysis the mapping refers to. */
export function companyIndexSettings(layout: IndexLayout): estypes.IndicesIndexSettings {
  return {
    number_of_shards: layout.shards,
    number_of_replicas: layout.replicas,
    refresh_interval: layout.refreshInterval,
    // Stored sources are most of the disk at 13 million companies; a page fetches only ~20.
    codec: 'best_compression',
    analysis: {
      normalizer: {
        [NAME_SORT_NORMALIZER]: { type: 'custom', filter: ['lowercase'] },
      },
      tokenizer: {
        [DOMAIN_TOKENIZER]: { type: 'char_group', tokenize_on_chars: ['whitespace', '.', '-'] },
      },
      analyzer: {
        [DOMAIN_ANALYZER]: { type: 'custom', tokenizer: DOMAIN_TOKENIZER, filter: ['lowercase'] },
      },
    },
  };
}

/**
 * Settings while a bulk load runs: no periodic refresh (each one writes a new segment that
 * merges then rewrite) and no replica to copy every document to. endBulkLoad restores both.
 */
export const BULK_LOAD_SETTINGS: estypes.IndicesIndexSettings = { refresh_interval: '-1', number_of_replicas: 0 };

export function steadyStateSettings(layout: IndexLayout): estypes.IndicesIndexSettings {
  return { refresh_interval: layout.refreshInterval, number_of_replicas: layout.replicas };
}
