import type { estypes } from '@elastic/elasticsearch';
import type { NormalizedFilters } from '@radar/company-index';

/**
 * The query DSL each filter becomes, written out as Elasticsearch receives it. Every
 * expectation is typed with the request types of @elastic/elasticsearch (`satisfies`), so
 * the typecheck refuses one that misspells a clause or gives a parameter the wrong type; the
 * spec then holds the builder to these expectations.
 */
export interface RecordedQuery {
  filters: NormalizedFilters;
  query: estypes.QueryDslQueryContainer;
}

/** One value of a free-text query in the four fields, each adding its weight. */
const valueIn = (text: string) =>
  ({
    bool: {
      should: [
        { constant_score: { filter: { match_phrase: { name: text } }, boost: 8 } },
        { constant_score: { filter: { match_phrase: { description: text } }, boost: 4 } },
        { constant_score: { filter: { match_phrase: { 'industry.text': text } }, boost: 2 } },
        { constant_score: { filter: { match_phrase: { 'domain.text': text } }, boost: 1 } },
      ],
      minimum_should_match: 1,
    },
  }) satisfies estypes.QueryDslQueryContainer;

export const RECORDED_QUERIES = {
  'no filter': { filters: {}, query: { bool: {} } },
  countries: { filters: { countries: ['Germany', 'Norway'] }, query: { bool: { filter: [{ terms: { country: ['Germany', 'Norway'] } }] } } },
  states: { filters: { states: ['Bavaria'] }, query: { bool: { filter: [{ terms: { state: ['Bavaria'] } }] } } },
  cities: { filters: { cities: ['Munich'] }, query: { bool: { filter: [{ terms: { city: ['Munich'] } }] } } },
  industries: { filters: { industries: ['Banking'] }, query: { bool: { filter: [{ terms: { industry: ['Banking'] } }] } } },
  'exclude industries': { filters: { excludeIndustries: ['Banking'] }, query: { bool: { must_not: [{ terms: { industry: ['Banking'] } }] } } },
  'naics codes and sectors': {
    filters: { naicsCodes: ['541511'], naicsPrefixes: ['31', '5415'] },
    query: {
      bool: {
        filter: [
          {
            bool: {
              should: [{ terms: { naics_code: ['541511'] } }, { terms: { naics_prefix: ['31'] } }, { prefix: { naics_code: '5415' } }],
              minimum_should_match: 1,
            },
          },
        ],
      },
    },
  },
  technologies: { filters: { technologies: ['React'] }, query: { bool: { filter: [{ terms: { technologies: ['React'] } }] } } },
  'technology categories': {
    filters: { technologyCategories: ['Databases'] },
    query: { bool: { filter: [{ terms: { technology_categories: ['Databases'] } }] } },
  },
  'employee bands': { filters: { employeeCounts: [50, 200] }, query: { bool: { filter: [{ terms: { employee_count: [50, 200] } }] } } },
  'no employee band left': { filters: { employeeCounts: [] }, query: { bool: { filter: [{ match_none: {} }] } } },
  'founded years': {
    filters: { foundedYearMin: 1990, foundedYearMax: 2005 },
    query: { bool: { filter: [{ range: { founded_year: { gte: 1990, lte: 2005 } } }] } },
  },
  keywords: {
    filters: { keywords: ["o'reilly media"] },
    query: {
      bool: {
        filter: [
          {
            bool: {
              should: [{ match_phrase: { 'name.plain': 'o reilly media' } }, { match_phrase: { 'description.plain': 'o reilly media' } }],
              minimum_should_match: 1,
            },
          },
        ],
      },
    },
  },
  'exclude keywords': {
    filters: { excludeKeywords: ['node.js'] },
    query: { bool: { must_not: [{ match_phrase: { 'name.plain': 'node js' } }, { match_phrase: { 'description.plain': 'node js' } }] } },
  },
  connections: {
    filters: { connections: [{ category: 'investor', connectedDomain: 'alpine-ventures-9x1.com' }] },
    query: {
      bool: {
        filter: [
          {
            nested: {
              path: 'connections',
              query: { bool: { filter: [{ term: { 'connections.category': 'investor' } }, { term: { 'connections.connected_domain': 'alpine-ventures-9x1.com' } }] } },
            },
          },
        ],
      },
    },
  },
  'free text with a stop word': { filters: { query: 'bank of america' }, query: { bool: { must: [{ bool: { must: [valueIn('bank'), valueIn('america')] } }] } } },
  'free text: or, a phrase, an exclusion': {
    filters: { query: 'freight or "cold chain" logistics -staffing' },
    query: {
      bool: {
        must: [
          {
            bool: {
              should: [valueIn('freight'), { bool: { must: [valueIn('cold chain'), valueIn('logistics')], must_not: [valueIn('staffing')] } }],
              minimum_should_match: 1,
            },
          },
        ],
      },
    },
  },
  'free text of stop words only': { filters: { query: 'of the' }, query: { bool: { must: [{ match_none: {} }] } } },
} satisfies Record<string, RecordedQuery>;

/** A page of a relevance search, as the client sends it: querystring parameters and body apart. */
export const RECORDED_HITS_REQUEST = {
  querystring: { allow_partial_search_results: 'false', preference: expectPreference() },
  body: {
    query: { bool: { must: [valueIn('logistics')], filter: [{ terms: { country: ['Germany'] } }] } },
    sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }],
    size: 21,
    track_total_hits: false,
    _source: ['id', 'name', 'domain', 'industry', 'employee_count', 'country', 'city', 'technologies', 'founded_year'],
    search_after: [12, '0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d'],
  } satisfies estypes.SearchRequest,
};

/** The total and facets of the same search, as the client sends them. */
export const RECORDED_SUMMARY_REQUEST = {
  querystring: { allow_partial_search_results: 'false', preference: expectPreference(), request_cache: 'true' },
  body: {
    query: { bool: { must: [valueIn('logistics')], filter: [{ terms: { country: ['Germany'] } }] } },
    size: 0,
    track_total_hits: 10_000,
    aggs: {
      industries: { terms: { field: 'industry', size: 20, shard_size: 500, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
      countries: { terms: { field: 'country', size: 20, shard_size: 500, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
      employee_count: { terms: { field: 'employee_count', size: 20, shard_size: 500, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
      technologies: { terms: { field: 'technologies', size: 20, shard_size: 500, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
    },
  } satisfies estypes.SearchRequest,
};

/** The preference string of a search session: the same for every request of the session, never starting with `_`. */
function expectPreference(): RegExp {
  return /^session-[A-Za-z0-9_-]{22}$/;
}

/** What the rule reads of a company (similar/similar-companies.ts). */
const PROFILE_FIELDS = ['id', 'industry', 'naics_code', 'employee_count', 'country', 'technologies', 'characteristic_terms'];

/**
 * The requests of lookups and similar companies, as their builders make them and the client
 * sends them (querystring parameters apart from the body). The similar-companies requests are
 * those of one seed, Northwind Analytics (anIndexedCompany) described as "Cloud analytics.":
 * two characteristic terms, two technologies.
 */
export const RECORDED_LIST_REQUESTS = {
  /** The owners of a lookup's domains: own or other domain among them, paged by id. */
  domainOwners: {
    index: 'companies',
    query: {
      bool: { should: [{ terms: { domain: ['acme.co.uk', 'jobs.acme.co.uk'] } }, { terms: { other_domains: ['acme.co.uk', 'jobs.acme.co.uk'] } }], minimum_should_match: 1 },
    },
    sort: [{ id: { order: 'asc' } }],
    size: 1000,
    track_total_hits: false,
    _source: ['id', 'domain', 'other_domains'],
    allow_partial_search_results: false,
  },
  /**
   * The candidates of "Northwind Analytics GmbH" in Germany: one clause per name word (the score
   * counts the words shared), at least one of two shared, at most four words of their own.
   */
  nameCandidates: {
    index: 'companies',
    query: {
      bool: {
        should: [
          { constant_score: { filter: { term: { name_words: 'analytics' } }, boost: 1 } },
          { constant_score: { filter: { term: { name_words: 'northwind' } }, boost: 1 } },
        ],
        minimum_should_match: 1,
        filter: [{ range: { name_word_count: { lte: 4 } } }, { term: { country: 'Germany' } }],
      },
    },
    sort: [{ _score: { order: 'desc' } }, { name_word_count: { order: 'asc' } }, { id: { order: 'asc' } }],
    size: 50,
    track_total_hits: false,
    _source: ['id', 'name_words'],
    allow_partial_search_results: false,
  },
  /** Which of the countries lookups name any company is in. */
  knownCountries: {
    index: 'companies',
    size: 0,
    track_total_hits: false,
    query: { terms: { country: ['Germany', 'Atlantis'] } },
    aggs: { countries: { terms: { field: 'country', size: 2, include: ['Germany', 'Atlantis'] } } },
    allow_partial_search_results: false,
  },
  summaries: {
    index: 'companies',
    query: { ids: { values: ['0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d'] } },
    size: 1,
    track_total_hits: false,
    _source: ['id', 'name', 'domain', 'industry', 'employee_count', 'country', 'city', 'technologies', 'founded_year'],
    allow_partial_search_results: false,
  },
  seeds: {
    index: 'companies',
    query: { ids: { values: ['0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d'] } },
    size: 1,
    track_total_hits: false,
    _source: PROFILE_FIELDS,
    allow_partial_search_results: false,
  },
  /** more_like_this on the seed's characteristic terms, industry and technologies; size 2 x limit (at least 40). */
  likeSeeds: {
    index: 'companies',
    query: {
      bool: {
        must: [
          {
            more_like_this: {
              fields: ['characteristic_terms', 'industry', 'technologies'],
              like: [{ _index: 'companies', _id: '0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d' }],
              min_term_freq: 1,
              min_doc_freq: 1,
              max_query_terms: 50,
              minimum_should_match: '1',
              include: false,
            },
          },
        ],
        must_not: [{ ids: { values: ['0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d'] } }],
      },
    },
    size: 40,
    track_total_hits: false,
    _source: PROFILE_FIELDS,
    allow_partial_search_results: false,
    preference: expectPreference(),
  },
  /**
   * The bound of every company's similarity to the seed: one clause per value it has, each
   * boosted by what that value can add to the mean (industry 0.30, sector 0.10, band 0.10,
   * country 0.05; each of two terms 0.25 / 2, each of two technologies 0.20 / 2).
   */
  boundedCandidates: {
    index: 'companies',
    query: {
      bool: {
        should: [
          { constant_score: { filter: { term: { industry: 'Software Development' } }, boost: 0.3 } },
          { constant_score: { filter: { terms: { naics_prefix: ['51'] } }, boost: 0.1 } },
          { constant_score: { filter: { term: { employee_count: 200 } }, boost: 0.1 } },
          { constant_score: { filter: { term: { country: 'Germany' } }, boost: 0.05 } },
          { constant_score: { filter: { term: { characteristic_terms: 'analyt' } }, boost: 0.125 } },
          { constant_score: { filter: { term: { characteristic_terms: 'cloud' } }, boost: 0.125 } },
          { constant_score: { filter: { term: { technologies: 'React' } }, boost: 0.1 } },
          { constant_score: { filter: { term: { technologies: 'PostgreSQL' } }, boost: 0.1 } },
        ],
        minimum_should_match: 1,
        must_not: [{ ids: { values: ['0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d'] } }],
      },
    },
    sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }],
    size: 200,
    track_total_hits: false,
    _source: PROFILE_FIELDS,
    allow_partial_search_results: false,
    preference: expectPreference(),
  },
  /** Every company's description and stored terms, by id: computing the terms again after writes outside a feed. */
  storedTerms: {
    index: 'companies',
    sort: [{ id: { order: 'asc' } }],
    size: 1000,
    track_total_hits: false,
    _source: ['id', 'description', 'characteristic_terms'],
    allow_partial_search_results: false,
  },
} satisfies Record<string, Omit<estypes.SearchRequest, 'preference'> & { preference?: RegExp }>;
