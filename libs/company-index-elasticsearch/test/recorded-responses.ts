/**
 * Responses in the shape Elasticsearch 8 answers them, written from recorded ones (ids,
 * scores and counts changed). Builders rather than constants so each test states the part it
 * is about; searchAnswerTo shapes an answer from the request as a real node does.
 */

export interface RecordedHit {
  _index: string;
  _id: string;
  _score: number | null;
  _source?: Record<string, unknown>;
  sort: (string | number | null)[];
}

export const BERLIN_ANALYTICS = {
  id: '0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d',
  name: 'Northwind Analytics',
  domain: 'northwind-analytics-4k2.io',
  industry: 'Software Development',
  employee_count: 200,
  country: 'Germany',
  city: 'Berlin',
  technologies: ['React', 'PostgreSQL'],
  founded_year: 2014,
};

/** A company stored without any optional field: only id, name and domain in _source. */
export const BARE_COMPANY = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'lumen & co',
  domain: 'lumen-co-77q.fr',
};

export const OSLO_SHIPPING = {
  id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  name: 'Fjord Shipping',
  domain: 'fjord-shipping-0pz.no',
  industry: 'Maritime Transportation',
  employee_count: 1000,
  country: 'Norway',
  city: 'Oslo',
  technologies: [],
  founded_year: 1987,
};

export function hit(source: Record<string, unknown> & { id: string }, sort: (string | number | null)[], score: number | null = null): RecordedHit {
  return { _index: 'companies-initial', _id: source.id, _score: score, _source: source, sort };
}

/** A hit of an id-only search (`_source: false`). */
export function idHit(id: string, sort: (string | number | null)[]): RecordedHit {
  return { _index: 'companies-initial', _id: id, _score: null, sort };
}

export function facetBuckets(buckets: [string | number, number][], docCountErrorUpperBound = 0): Record<string, unknown> {
  return {
    doc_count_error_upper_bound: docCountErrorUpperBound,
    sum_other_doc_count: 0,
    buckets: buckets.map(([key, count]) => ({ key, doc_count: count })),
  };
}

export const EMPTY_FACETS = {
  industries: facetBuckets([]),
  countries: facetBuckets([]),
  employee_count: facetBuckets([]),
  technologies: facetBuckets([]),
};

/** Every shard answered. */
export const ALL_SHARDS = { total: 3, successful: 3, skipped: 0, failed: 0 };

/**
 * One of three shards failed (its node left the cluster mid-search): what a search that
 * allows partial results, and the count API, answer with status 200.
 */
export const ONE_SHARD_FAILED = {
  total: 3,
  successful: 2,
  skipped: 0,
  failed: 1,
  failures: [
    {
      shard: 1,
      index: 'companies-initial',
      node: 'x2Lq9mVnT1qk5QhM0vZlZg',
      reason: { type: 'node_not_connected_exception', reason: '[es-data-1][10.0.3.17:9300] Node not connected' },
    },
  ],
};

export interface SearchAnswerParts {
  hits: RecordedHit[];
  /** Matches of the whole match set (hits.total before track_total_hits caps it); the hits' count by default. */
  matches?: number;
  aggregations?: Record<string, unknown>;
  shards?: typeof ALL_SHARDS | typeof ONE_SHARD_FAILED;
}

interface SearchBody {
  size?: number;
  track_total_hits?: boolean | number;
  sort?: Record<string, unknown>[];
  track_scores?: boolean;
}

/**
 * A search answer shaped by its request as Elasticsearch 8 shapes it: `hits.total` left out
 * when the request said `track_total_hits: false`, capped with relation `gte` at the number it
 * gave (10,000 when it gave none); `max_score` and each hit's `_score` null when the hits are
 * sorted by a field rather than by score; at most `size` hits.
 */
export function searchAnswerTo(body: unknown, parts: SearchAnswerParts) {
  const request = (body ?? {}) as SearchBody;
  const sortedByField = request.sort !== undefined && !('_score' in (request.sort[0] ?? {})) && request.track_scores !== true;
  const hits = parts.hits.slice(0, request.size ?? 10).map((one) => (sortedByField ? { ...one, _score: null } : one));
  const matches = parts.matches ?? parts.hits.length;
  const track = request.track_total_hits ?? 10_000;
  const scores = hits.map((one) => one._score).filter((score): score is number => score !== null);
  const total =
    track === false ? undefined : track === true || matches <= track ? { value: matches, relation: 'eq' as const } : { value: track, relation: 'gte' as const };
  return {
    took: 7,
    timed_out: false,
    _shards: parts.shards ?? ALL_SHARDS,
    hits: {
      ...(total === undefined ? {} : { total }),
      max_score: sortedByField || scores.length === 0 ? null : Math.max(...scores),
      hits,
    },
    ...(parts.aggregations === undefined ? {} : { aggregations: parts.aggregations }),
  };
}

export function countAnswer(count: number, shards: typeof ALL_SHARDS | typeof ONE_SHARD_FAILED = ALL_SHARDS) {
  return { count, _shards: shards };
}

/** The distinct values of each facet field, as the cardinality aggregation answers them. */
export function cardinalityAnswer(values: { industries: number; countries: number; employee_count: number; technologies: number }) {
  return {
    took: 12,
    timed_out: false,
    _shards: ALL_SHARDS,
    hits: { max_score: null, hits: [] },
    aggregations: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value }])),
  };
}

export function errorAnswer(status: number, type: string, reason: string) {
  return { error: { root_cause: [{ type, reason }], type, reason }, status };
}

/**
 * What a search that does not allow partial results answers when a shard failed: the whole
 * search refused, with the status of the shard's failure (500 here) rather than 503.
 */
export function partialShardsFailureAnswer() {
  const cause = { type: 'node_not_connected_exception', reason: '[es-data-1][10.0.3.17:9300] Node not connected' };
  return {
    error: {
      root_cause: [cause],
      type: 'search_phase_execution_exception',
      reason: 'Partial shards failure',
      phase: 'query',
      grouped: true,
      failed_shards: [{ shard: 1, index: 'companies-initial', node: 'x2Lq9mVnT1qk5QhM0vZlZg', reason: cause }],
    },
    status: 500,
  };
}

/** A whole bulk request refused: the coordinating node's write queue is full. */
export const BULK_REQUEST_REJECTED = errorAnswer(
  429,
  'es_rejected_execution_exception',
  'rejected execution of coordinating operation [coordinating_and_primary_bytes=0, replica_bytes=0, all_bytes=0, coordinating_operation_bytes=3917234, max_coordinating_and_primary_bytes=107374182]',
);

/** How a bulk item failed. */
export const ITEM_FAILURES = {
  /** The shard's write thread pool was full: try again later. */
  tooManyRequests: {
    status: 429,
    type: 'es_rejected_execution_exception',
    reason: 'rejected execution of org.elasticsearch.action.support.replication.TransportWriteAction$1/WrappedActionListener on EsThreadPoolExecutor[name = es-data-0/write, queue capacity = 10000]',
  },
  /** The primary shard was relocating or not yet started. */
  unavailableShard: {
    status: 503,
    type: 'unavailable_shards_exception',
    reason: '[companies-fed][1] primary shard is not active Timeout: [1m]',
  },
  /** The document does not fit the mapping: sending it again cannot help. */
  mappingConflict: {
    status: 400,
    type: 'document_parsing_exception',
    reason: "[1:212] failed to parse field [founded_year] of type [integer] in document with id 'x'",
  },
} as const;

export type ItemFailure = (typeof ITEM_FAILURES)[keyof typeof ITEM_FAILURES];

/** A bulk answer: one `index` item per id, those listed in `failed` failing as given. */
export function bulkAnswer(index: string, ids: string[], failed: Record<string, ItemFailure> = {}) {
  return {
    errors: ids.some((id) => failed[id] !== undefined),
    took: 31,
    items: ids.map((id) => {
      const failure = failed[id];
      return failure
        ? { index: { _index: index, _id: id, status: failure.status, error: { type: failure.type, reason: failure.reason } } }
        : {
            index: {
              _index: index,
              _id: id,
              _version: 1,
              result: 'created',
              _shards: { total: 1, successful: 1, failed: 0 },
              _seq_no: 0,
              _primary_term: 1,
              status: 201,
            },
          };
    }),
  };
}
