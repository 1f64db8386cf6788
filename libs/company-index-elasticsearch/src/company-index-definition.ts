import type { estypes } from '@elastic/elasticsearch';
import { POSTGRES_ENGLISH_STOP_WORDS } from './postgres-stop-words';
import { KEYWORD_IGNORE_ABOVE } from './indexable-company';

/** Shards, replicas and refresh cadence: deployment choices, so they come from configuration. */
export interface IndexLayout {
  shards: number;
  replicas: number;
  /** How often new writes become searchable outside feeds, e.g. `1s` or `30s`. */
  refreshInterval: string;
}

/** A single-node development cluster: one shard, no replica (a replica could never be placed). */
export const DEVELOPMENT_LAYOUT: IndexLayout = { shards: 1, replicas: 0, refreshInterval: '1s' };

/**
 * Raised whenever the mapping or the analysis changes: an index records the version it was
 * built with (`_meta`), and one built with an older version keeps serving until a feed
 * replaces it.
 */
export const MAPPING_VERSION = 5;

export const NAME_SORT_NORMALIZER = 'lowercase_sort';
/** Free text in English, with PostgreSQL's stop words and stemmer. */
export const ENGLISH_ANALYZER = 'postgres_english';
export const DOMAIN_ANALYZER = 'domain_words';
/** Keyword phrases: the words of keyword-like.ts, runs of letters and digits, lower-cased. */
export const KEYWORD_WORDS_ANALYZER = 'keyword_words';
export const STOP_FILTER = 'postgres_english_stop';
export const STEMMER_FILTER = 'english_snowball';
const APOSTROPHE_FILTER = 'apostrophe_splits_words';
const DOMAIN_TOKENIZER = 'domain_parts';
const KEYWORD_WORDS_TOKENIZER = 'letters_and_digits';

/** Full text in English: stemmed, stop words dropped, so "services" finds "service". */
const englishText: estypes.MappingProperty = { type: 'text', analyzer: ENGLISH_ANALYZER };

/**
 * English text plus a `plain` sub-field of its words lowercased, neither stemmed nor
 * stop-worded, which keyword phrases match: "cloud" must not find "clouds", and "o'reilly",
 * "node.js" and "A.Ş." are the words o reilly, node js and a ş, as in the PostgreSQL back-end.
 */
const phraseSearchableText: estypes.MappingProperty = {
  type: 'text',
  analyzer: ENGLISH_ANALYZER,
  fields: { plain: { type: 'text', analyzer: KEYWORD_WORDS_ANALYZER } },
};

/** Exact, case-sensitive filter and facet values. */
const keyword: estypes.MappingProperty = { type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE };

/**
 * A keyword that every search also counts as a facet: its global ordinals are built when a
 * refresh opens new segments, not by the first search after it.
 */
const facetKeyword: estypes.MappingProperty = { ...keyword, eager_global_ordinals: true };

/** Kept in _source for the company detail and exports, never searched or sorted. */
const storedOnly: estypes.MappingProperty = { type: 'keyword', index: false, doc_values: false };

/**
 * The mapping of CompanyDocument. `dynamic: strict` makes a field added to the document but
 * forgotten here a loud indexing error instead of a silently guessed type.
 */
export const COMPANY_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  _meta: { mapping_version: MAPPING_VERSION },
  properties: {
    id: keyword,
    name: phraseSearchableText,
    // Keyword order is UTF-8 byte order, as PostgreSQL's lower(name) COLLATE "C"; the normalizer
    // lower-cases code point by code point as PostgreSQL's lower() does in a UTF-8 database.
    name_sort: { ...keyword, normalizer: NAME_SORT_NORMALIZER },
    // Name lookups: the normalised words (already cut and folded, so an exact keyword each) and their number.
    name_words: keyword,
    name_word_count: { type: 'short' },
    // Filters and facets need the exact value; the free-text query reads the analysed sub-field.
    // A domain is read as its labels, unstemmed: "acme-cloud.io" is acme, cloud, io (PostgreSQL's
    // 'simple' configuration). The query is read as English, stemmed, against them, as PostgreSQL
    // matches its stemmed query against the domain's unstemmed words: "cloud" and "clouds" find
    // acme-cloud.io, "acme" (stemmed to "acm") finds it through the name only.
    domain: { ...keyword, fields: { text: { type: 'text', analyzer: DOMAIN_ANALYZER, search_analyzer: ENGLISH_ANALYZER } } },
    other_domains: keyword,
    description: phraseSearchableText,
    industry: { ...facetKeyword, fields: { text: englishText } },
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
    // Similar companies: what the rule compares of descriptions, stored at feed time (one set per data version).
    characteristic_terms: keyword,
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

/**
 * The analysis the mapping refers to. Every searched field drops PostgreSQL's English stop
 * words (the domain too): a stop word left in one field would be required there by the
 * query's AND, so "bank of america" would only find domains with an "of" in them.
 */
export const COMPANY_ANALYSIS: estypes.IndicesIndexSettingsAnalysis = {
  char_filter: {
    // PostgreSQL's parser splits "o'reilly" and "company's" at the apostrophe; the standard tokenizer would not.
    [APOSTROPHE_FILTER]: { type: 'mapping', mappings: ["'=>\\u0020", '’=>\\u0020'] },
  },
  filter: {
    [STOP_FILTER]: { type: 'stop', stopwords: [...POSTGRES_ENGLISH_STOP_WORDS] },
    // PostgreSQL's english_stem is the Snowball English (Porter2) stemmer; the `english` analyzer uses Porter's first one.
    [STEMMER_FILTER]: { type: 'stemmer', language: 'porter2' },
  },
  normalizer: {
    [NAME_SORT_NORMALIZER]: { type: 'custom', filter: ['lowercase'] },
  },
  tokenizer: {
    [DOMAIN_TOKENIZER]: { type: 'char_group', tokenize_on_chars: ['whitespace', '.', '-'] },
    [KEYWORD_WORDS_TOKENIZER]: { type: 'pattern', pattern: '[^\\p{L}\\p{N}]+' },
  },
  analyzer: {
    [ENGLISH_ANALYZER]: { type: 'custom', tokenizer: 'standard', char_filter: [APOSTROPHE_FILTER], filter: ['lowercase', STOP_FILTER, STEMMER_FILTER] },
    [DOMAIN_ANALYZER]: { type: 'custom', tokenizer: DOMAIN_TOKENIZER, filter: ['lowercase', STOP_FILTER] },
    [KEYWORD_WORDS_ANALYZER]: { type: 'custom', tokenizer: KEYWORD_WORDS_TOKENIZER, filter: ['lowercase'] },
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
    analysis: COMPANY_ANALYSIS,
  };
}

/**
 * Settings of an index a feed is filling: no periodic refresh (each one writes a new segment
 * that merges then rewrite) and no replica to copy every document to. The layout's shards are
 * fixed at creation; its replicas and refresh interval come back once the feed is done.
 */
export function feedingIndexSettings(layout: IndexLayout): estypes.IndicesIndexSettings {
  return { ...companyIndexSettings(layout), ...FEEDING_SETTINGS };
}

export const FEEDING_SETTINGS = { refresh_interval: '-1', number_of_replicas: 0 } as const satisfies estypes.IndicesIndexSettings;

/** What a fed index gets back before it goes live: the layout's replicas and refresh interval. */
export function steadyStateSettings(layout: IndexLayout): estypes.IndicesIndexSettings {
  return { refresh_interval: layout.refreshInterval, number_of_replicas: layout.replicas };
}
