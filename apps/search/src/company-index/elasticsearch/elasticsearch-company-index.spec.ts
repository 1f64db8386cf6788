import { errors } from '@elastic/elasticsearch';
import { isAppError } from '@radar/platform/errors';
import { createLogger } from '@radar/platform/logger';
import type { SortSpec } from '../company-index';
import { BulkUpsertError, createElasticsearchCompanyIndex } from './index';
import { FakeCluster, type RecordedRequest } from './testing/fake-cluster';
import { anIndexedCompany } from '../testing/indexed-company';
import {
  BARE_COMPANY,
  BERLIN_ANALYTICS,
  bulkAnswer,
  countAnswer,
  EMPTY_FACETS,
  errorAnswer,
  facetBuckets,
  hit,
  idHit,
  searchAnswer,
} from './testing/recorded-responses';

const INDEX = 'companies';
const logger = createLogger('search-test', 'silent');
const byScore: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };
const byName: SortSpec = { field: 'name', order: 'asc', hasQuery: false };

function setUp(options: { indexExists?: boolean; maxRetries?: number } = {}) {
  const cluster = new FakeCluster()
    .on('HEAD', /^\/companies$/, () => ({ statusCode: options.indexExists === false ? 404 : 200 }))
    .on('PUT', /^\/companies$/, () => ({ body: { acknowledged: true, shards_acknowledged: true, index: INDEX } }))
    .on('GET', /^\/companies\/_refresh$/, () => ({ body: { _shards: { total: 1, successful: 1, failed: 0 } } }))
    .on('PUT', /^\/companies\/_settings$/, () => ({ body: { acknowledged: true } }));
  const index = createElasticsearchCompanyIndex({
    url: 'http://127.0.0.1:9200',
    indexName: INDEX,
    logger,
    layout: { shards: 3, replicas: 1, refreshInterval: '5s' },
    Connection: cluster.connectionClass(),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });
  return { cluster, index };
}

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  if (request === undefined) throw new Error('the request was not sent');
  return request.body as Record<string, unknown>;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('ElasticsearchCompanyIndex: the index itself', () => {
  it('creates a missing index with its settings and mapping before the first write', async () => {
    const { cluster, index } = setUp({ indexExists: false });
    cluster.on('POST', /^\/_bulk$/, () => ({ body: bulkAnswer([BERLIN_ANALYTICS.id]) }));
    await index.upsert([anIndexedCompany()]);

    const creations = cluster.requestsTo('PUT', /^\/companies$/);
    expect(creations).toHaveLength(1);
    const body = bodyOf(creations[0]) as { settings: Record<string, unknown>; mappings: { dynamic: string; properties: Record<string, { type: string }> } };
    expect(body.settings).toMatchObject({ number_of_shards: 3, number_of_replicas: 1, refresh_interval: '5s' });
    expect(body.mappings.dynamic).toBe('strict');
    expect(body.mappings.properties.connections?.type).toBe('nested');
    expect(body.mappings.properties.name_sort?.type).toBe('keyword');
    // The index exists before the first document is sent to it.
    const order = cluster.requests.map((request) => `${request.method} ${request.path}`);
    expect(order.indexOf('PUT /companies')).toBeLessThan(order.indexOf('POST /_bulk'));
  });

  it('leaves an existing index alone and checks for it only once', async () => {
    const { cluster, index } = setUp({ indexExists: true });
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(3) }));
    await index.count({});
    await index.count({ countries: ['Germany'] });
    expect(cluster.requestsTo('PUT', /^\/companies$/)).toHaveLength(0);
    expect(cluster.requestsTo('HEAD', /^\/companies$/)).toHaveLength(1);
  });

  it('accepts an index another replica created between the check and the create', async () => {
    const { cluster, index } = setUp({ indexExists: false });
    cluster.on('PUT', /^\/companies$/, () => ({
      statusCode: 400,
      body: errorAnswer(400, 'resource_already_exists_exception', 'index [companies/abc] already exists'),
    }));
    await expect(index.ensureIndex()).resolves.toBeUndefined();
  });

  it('tries to create the index again after a failed attempt', async () => {
    const { cluster, index } = setUp({ indexExists: false });
    cluster.on('PUT', /^\/companies$/, () => ({ statusCode: 400, body: errorAnswer(400, 'illegal_argument_exception', 'bad mapping') }));
    await expect(index.ensureIndex()).rejects.toBeInstanceOf(errors.ResponseError);
    cluster.on('PUT', /^\/companies$/, () => ({ body: { acknowledged: true, shards_acknowledged: true, index: INDEX } }));
    await expect(index.ensureIndex()).resolves.toBeUndefined();
    expect(cluster.requestsTo('PUT', /^\/companies$/)).toHaveLength(2);
  });

  it('refreshes the index to make written companies searchable', async () => {
    const { cluster, index } = setUp();
    await index.refresh();
    expect(cluster.requestsTo('GET', /^\/companies\/_refresh$/)).toHaveLength(1);
  });

  it('switches refresh and replicas off for a bulk load and back to the layout, refreshed, after it', async () => {
    const { cluster, index } = setUp();
    await index.beginBulkLoad();
    await index.endBulkLoad();
    const settings = cluster.requestsTo('PUT', /^\/companies\/_settings$/).map((request) => request.body);
    expect(settings).toEqual([
      { refresh_interval: '-1', number_of_replicas: 0 },
      { refresh_interval: '5s', number_of_replicas: 1 },
    ]);
    const last = cluster.requests.at(-1);
    expect(`${last?.method} ${last?.path}`).toBe('GET /companies/_refresh');
  });
});

describe('ElasticsearchCompanyIndex: search', () => {
  it('sends the filters, sort, page size and facets and answers a search page', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/companies\/_search$/, () => ({
      body: searchAnswer({
        hits: [hit(BERLIN_ANALYTICS, [8.5, BERLIN_ANALYTICS.id], 8.5), hit(BARE_COMPANY, [2.5, BARE_COMPANY.id], 2.5)],
        total: { value: 10_000, relation: 'gte' },
        aggregations: { ...EMPTY_FACETS, industries: facetBuckets([['Software Development', 4_210]]) },
      }),
    }));

    const page = await index.search({ query: 'analytics', countries: ['Germany'], employeeCounts: [200] }, byScore, 1);

    const body = bodyOf(cluster.requestsTo('POST', /^\/companies\/_search$/)[0]);
    expect(body).toMatchObject({
      size: 2,
      track_total_hits: 10_000,
      sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }],
      query: {
        bool: {
          must: [{ simple_query_string: { query: 'analytics', fields: ['name^4', 'description^2', 'industry.text', 'domain.text'] } }],
          filter: [{ terms: { country: ['Germany'] } }, { terms: { employee_count: [200] } }],
        },
      },
    });
    expect(Object.keys(body.aggs as object).sort()).toEqual(['countries', 'employee_count', 'industries', 'technologies']);
    expect(body.search_after).toBeUndefined();

    expect(page.items).toEqual([expect.objectContaining({ company_id: BERLIN_ANALYTICS.id, country: 'Germany' })]);
    expect(page.total).toBe(10_000);
    expect(page.aggregations.industries).toEqual([{ value: 'Software Development', count: 4_210 }]);
    expect(page.next).toEqual({ key: 8.5, id: BERLIN_ANALYTICS.id });
  });

  it('resumes from a page position with search_after', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/companies\/_search$/, () => ({ body: searchAnswer({ hits: [], aggregations: EMPTY_FACETS }) }));
    const page = await index.search({}, byName, 20, { key: 'northwind analytics', id: BERLIN_ANALYTICS.id });
    expect(bodyOf(cluster.requestsTo('POST', /^\/companies\/_search$/)[0]).search_after).toEqual(['northwind analytics', BERLIN_ANALYTICS.id]);
    expect(page).toEqual({ items: [], total: 0, aggregations: { industries: [], countries: [], employee_count: [], technologies: [] } });
  });

  it('passes a query Elasticsearch rejects on as its own error, not as an outage', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/companies\/_search$/, () => ({
      statusCode: 400,
      body: errorAnswer(400, 'search_phase_execution_exception', 'all shards failed'),
    }));
    const error = await failureOf(index.search({}, byScore, 20));
    expect(error).toBeInstanceOf(errors.ResponseError);
    expect(isAppError(error)).toBe(false);
  });
});

describe('ElasticsearchCompanyIndex: counts', () => {
  it('counts the exact match set with the count API', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(1_234_567) }));
    await expect(index.count({ industries: ['Banking'] })).resolves.toBe(1_234_567);
    expect(bodyOf(cluster.requestsTo('POST', /^\/companies\/_count$/)[0])).toEqual({
      query: { bool: { filter: [{ terms: { industry: ['Banking'] } }] } },
    });
  });

  it('counts matches among given ids with a terms filter on the id, each id once', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(2) }));
    await expect(index.countAmong({ countries: ['Norway'] }, ['a', 'b', 'a', 'c'])).resolves.toBe(2);
    expect(bodyOf(cluster.requestsTo('POST', /^\/companies\/_count$/)[0])).toEqual({
      query: { bool: { filter: [{ terms: { country: ['Norway'] } }, { terms: { id: ['a', 'b', 'c'] } }] } },
    });
  });

  it('answers 0 among no ids without asking the cluster', async () => {
    const { cluster, index } = setUp();
    await expect(index.countAmong({}, [])).resolves.toBe(0);
    expect(cluster.requests).toHaveLength(0);
  });

  it('adds up the counts of id batches when a workspace has more ids than one request holds', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/companies\/_count$/, (request) => {
      const filter = (request.body as { query: { bool: { filter: { terms: { id?: string[] } }[] } } }).query.bool.filter;
      const ids = filter.at(-1)?.terms.id ?? [];
      return { body: countAnswer(Math.floor(ids.length / 2)) };
    });
    const ids = Array.from({ length: 25_000 }, (_, position) => `id-${position}`);
    await expect(index.countAmong({}, ids)).resolves.toBe(5_000 + 5_000 + 2_500);
    expect(cluster.requestsTo('POST', /^\/companies\/_count$/)).toHaveLength(3);
  });
});

describe('ElasticsearchCompanyIndex: matchingIds', () => {
  /** A match set of `size` companies in score order, answering search_after like Elasticsearch. */
  function serveMatches(cluster: FakeCluster, size: number): void {
    const matches = Array.from({ length: size }, (_, position) => ({ id: `id-${String(position).padStart(5, '0')}`, score: size - position }));
    cluster.on('POST', /^\/companies\/_search$/, (request) => {
      const body = request.body as { size: number; search_after?: [number, string] };
      const start = body.search_after === undefined ? 0 : matches.findIndex((match) => match.id === body.search_after?.[1]) + 1;
      const batch = matches.slice(start, start + body.size);
      return { body: searchAnswer({ hits: batch.map((match) => idHit(match.id, [match.score, match.id])) }) };
    });
  }

  it('collects up to max ids in sort order, batch after batch with search_after', async () => {
    const { cluster, index } = setUp();
    serveMatches(cluster, 5_000);
    const ids = await index.matchingIds({ query: 'logistics' }, byScore, 2_500);

    expect(ids).toHaveLength(2_500);
    expect(ids[0]).toBe('id-00000');
    expect(ids[2_499]).toBe('id-02499');
    const bodies = cluster.requestsTo('POST', /^\/companies\/_search$/).map(bodyOf);
    expect(bodies.map((body) => body.size)).toEqual([1_000, 1_000, 500]);
    expect(bodies.map((body) => body.search_after)).toEqual([undefined, [4_001, 'id-00999'], [3_001, 'id-01999']]);
    for (const body of bodies) expect(body).toMatchObject({ _source: false, track_total_hits: false });
  });

  it('stops when the match set runs out before max', async () => {
    const { cluster, index } = setUp();
    serveMatches(cluster, 1_200);
    const ids = await index.matchingIds({}, byScore, 10_000);
    expect(ids).toHaveLength(1_200);
    expect(new Set(ids).size).toBe(1_200);
    expect(cluster.requestsTo('POST', /^\/companies\/_search$/)).toHaveLength(2);
  });

  it('asks nothing for max 0', async () => {
    const { cluster, index } = setUp();
    await expect(index.matchingIds({}, byScore, 0)).resolves.toEqual([]);
    expect(cluster.requests).toHaveLength(0);
  });
});

describe('ElasticsearchCompanyIndex: upsert', () => {
  it('sends one bulk request of index actions and documents', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/_bulk$/, () => ({ body: bulkAnswer(['id-1', 'id-2']) }));
    await index.upsert([anIndexedCompany({ id: 'id-1' }), anIndexedCompany({ id: 'id-2', name: 'Second' })]);

    const lines = cluster.requestsTo('POST', /^\/_bulk$/)[0]?.body as Record<string, unknown>[];
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({ index: { _index: INDEX, _id: 'id-1' } });
    expect(lines[1]).toMatchObject({ id: 'id-1', name_sort: 'Northwind Analytics', naics_prefix: '51' });
    expect(lines[2]).toEqual({ index: { _index: INDEX, _id: 'id-2' } });
    expect(lines[3]).toMatchObject({ id: 'id-2', name: 'Second' });
  });

  it('splits a large upsert into bulk requests of 1,000 companies', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/_bulk$/, (request) => {
      const lines = request.body as { index?: { _id: string } }[];
      return { body: bulkAnswer(lines.flatMap((line) => (line.index ? [line.index._id] : []))) };
    });
    await index.upsert(Array.from({ length: 2_300 }, (_, position) => anIndexedCompany({ id: `id-${position}` })));
    const sizes = cluster.requestsTo('POST', /^\/_bulk$/).map((request) => (request.body as unknown[]).length / 2);
    expect(sizes).toEqual([1_000, 1_000, 300]);
  });

  it('fails with BulkUpsertError naming the companies Elasticsearch rejected', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/_bulk$/, () => ({ body: bulkAnswer(['id-1', 'id-2'], ['id-2']) }));
    const error = await failureOf(index.upsert([anIndexedCompany({ id: 'id-1' }), anIndexedCompany({ id: 'id-2' })]));
    expect(error).toBeInstanceOf(BulkUpsertError);
    expect((error as BulkUpsertError).failures.map((failure) => failure.id)).toEqual(['id-2']);
  });

  it('sends nothing for an empty upsert', async () => {
    const { cluster, index } = setUp();
    await index.upsert([]);
    expect(cluster.requests).toHaveLength(0);
  });
});

describe('ElasticsearchCompanyIndex: an unavailable cluster', () => {
  // No retries: the client's backoff between them would only slow the test down.
  it('answers SERVICE_UNAVAILABLE when the cluster cannot be reached', async () => {
    const { cluster, index } = setUp({ maxRetries: 0 });
    cluster.on('HEAD', /^\/companies$/, () => {
      throw new errors.ConnectionError('connect ECONNREFUSED 127.0.0.1:9200');
    });
    const error = await failureOf(index.count({}));
    expect(isAppError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers SERVICE_UNAVAILABLE when the cluster says 503', async () => {
    const { cluster, index } = setUp();
    cluster.on('POST', /^\/companies\/_search$/, () => ({
      statusCode: 503,
      body: errorAnswer(503, 'cluster_block_exception', 'blocked by: [SERVICE_UNAVAILABLE/1/state not recovered / initialized]'),
    }));
    const error = await failureOf(index.search({}, byScore, 20));
    expect(isAppError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('recovers by itself when the cluster comes back', async () => {
    const { cluster, index } = setUp({ maxRetries: 0 });
    cluster.on('HEAD', /^\/companies$/, () => {
      throw new errors.ConnectionError('connect ECONNREFUSED 127.0.0.1:9200');
    });
    await failureOf(index.count({}));
    cluster.on('HEAD', /^\/companies$/, () => ({ statusCode: 200 }));
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(9) }));
    await expect(index.count({})).resolves.toBe(9);
  });
});
