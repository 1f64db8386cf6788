/**
 * Responses in the shape Elasticsearch 8 answers them, written from recorded ones (ids,
 * scores and counts changed). Builders rather than constants so each test states the part it
 * is about.
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
  return { _index: 'companies', _id: source.id, _score: score, _source: source, sort };
}

/** A hit of an id-only search (`_source: false`). */
export function idHit(id: string, sort: (string | number | null)[]): RecordedHit {
  return { _index: 'companies', _id: id, _score: null, sort };
}

export function facetBuckets(buckets: [string | number, number][]): Record<string, unknown> {
  return {
    doc_count_error_upper_bound: 0,
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

export interface SearchAnswerParts {
  hits: RecordedHit[];
  total?: { value: number; relation: 'eq' | 'gte' };
  aggregations?: Record<string, unknown>;
}

export function searchAnswer(parts: SearchAnswerParts) {
  const total = parts.total ?? { value: parts.hits.length, relation: 'eq' as const };
  return {
    took: 7,
    timed_out: false,
    _shards: { total: 3, successful: 3, skipped: 0, failed: 0 },
    hits: { total, max_score: null, hits: parts.hits },
    ...(parts.aggregations === undefined ? {} : { aggregations: parts.aggregations }),
  };
}

export function countAnswer(count: number) {
  return { count, _shards: { total: 3, successful: 3, skipped: 0, failed: 0 } };
}

/** A bulk answer: one `index` item per id, the listed ids failed with a mapping error. */
export function bulkAnswer(ids: string[], failedIds: string[] = []) {
  return {
    errors: failedIds.length > 0,
    took: 31,
    items: ids.map((id) =>
      failedIds.includes(id)
        ? {
            index: {
              _index: 'companies',
              _id: id,
              status: 400,
              error: {
                type: 'document_parsing_exception',
                reason: '[1:212] failed to parse field [founded_year] of type [integer] in document with id \'' + id + '\'',
              },
            },
          }
        : {
            index: {
              _index: 'companies',
              _id: id,
              _version: 1,
              result: 'created',
              _shards: { total: 1, successful: 1, failed: 0 },
              _seq_no: 0,
              _primary_term: 1,
              status: 201,
            },
          },
    ),
  };
}

export function errorAnswer(status: number, type: string, reason: string) {
  return { error: { root_cause: [{ type, reason }], type, reason }, status };
}
