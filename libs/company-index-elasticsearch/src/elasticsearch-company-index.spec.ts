import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, errors } from '@elastic/elasticsearch';
import { isAppError } from '@radar/platform/errors';
import type { SortSpec } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { BulkUpsertError } from './index';
import { DEFAULT_FACET_SHARD_SIZES } from './facet-aggregations';
import { MAX_FACET_SHARD_SIZE } from './facet-shard-sizes';
import { filtersPreference } from './search-request';
import { companyIndexOnFake, storedCompanies, storeSource, WARN } from '../test/company-index-on-fake';
import { FakeCluster, type RecordedRequest } from '../test/fake-cluster';
import {
  BARE_COMPANY,
  BERLIN_ANALYTICS,
  cardinalityAnswer,
  countAnswer,
  EMPTY_FACETS,
  errorAnswer,
  facetBuckets,
  hit,
  idHit,
  ITEM_FAILURES,
  bulkAnswer,
  ONE_SHARD_FAILED,
  partialShardsFailureAnswer,
  searchAnswerTo,
  type ItemFailure,
  type SearchAnswerParts,
} from '../test/recorded-responses';

const byScore: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };
const byName: SortSpec = { field: 'name', order: 'asc', hasQuery: false };

/** The alias exists, behind its first index. */
function withLiveIndex(overrides: Parameters<typeof companyIndexOnFake>[0] = {}) {
  const setup = companyIndexOnFake(overrides);
  setup.cluster.createIndex('companies-initial', { aliases: ['companies'] });
  return setup;
}

const isSummary = (request: RecordedRequest): boolean => (request.body as { size?: number }).size === 0;

/** Search answers shaped by their requests: `page` for page requests, `summary` for the size-0 ones. */
function answerSearches(cluster: FakeCluster, page: SearchAnswerParts, summary: SearchAnswerParts = { hits: [], aggregations: EMPTY_FACETS }): void {
  cluster.on('POST', /^\/companies\/_search$/, (request) => ({ body: searchAnswerTo(request.body, isSummary(request) ? summary : page) }));
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

const unavailable = (error: unknown): boolean => isAppError(error) && error.code === 'SERVICE_UNAVAILABLE';

describe('ElasticsearchCompanyIndex: the index behind its alias', () => {
  it('creates the first index behind the alias, with the layout and the mapping, before the first write', async () => {
    const { cluster, index } = companyIndexOnFake();
    await index.upsert([anIndexedCompany()]);

    const created = cluster.requestsTo('PUT', /^\/companies-initial$/);
    expect(created).toHaveLength(1);
    const body = bodyOf(created[0]) as { settings: Record<string, unknown>; mappings: { dynamic: string }; aliases: unknown };
    expect(body.settings).toMatchObject({ number_of_shards: 3, number_of_replicas: 1, refresh_interval: '30s' });
    expect(body.mappings.dynamic).toBe('strict');
    expect(body.aliases).toEqual({ companies: { is_write_index: true } });
    // Written through the alias, which must be one: no index is ever made by the write itself.
    const bulk = cluster.requestsTo('POST', /^\/_bulk$/)[0];
    expect(bulk?.params.get('require_alias')).toBe('true');
    expect(cluster.indices.get('companies-initial')?.documents.has(BERLIN_ANALYTICS.id)).toBe(true);
    expect([...cluster.indices.values()].some((fakeIndex) => fakeIndex.autoCreated)).toBe(false);
  });

  it('adds the alias to the first index another replica created between the check and the create', async () => {
    const { cluster, index } = companyIndexOnFake();
    cluster.on('HEAD', /^\/companies$/, () => {
      // Another replica wins the race right after this check.
      if (!cluster.indices.has('companies-initial')) cluster.createIndex('companies-initial');
      return { statusCode: 404 };
    });
    await expect(index.ensureIndex()).resolves.toBeUndefined();
    expect(cluster.aliasTargets('companies')).toEqual(['companies-initial']);
  });

  it('trusts "the index exists" for a while, not forever', async () => {
    const { cluster, index } = withLiveIndex({ existsTtlMs: 60_000 });
    await index.count({});
    await index.count({});
    expect(cluster.requestsTo('HEAD', /^\/companies$/)).toHaveLength(1);

    const { cluster: expiring, index: checking } = withLiveIndex({ existsTtlMs: 0 });
    await checking.count({});
    await checking.count({});
    expect(expiring.requestsTo('HEAD', /^\/companies$/)).toHaveLength(2);
  });

  it('notices an index deleted behind its back: recreates it and asks once more', async () => {
    const { cluster, index } = withLiveIndex();
    await index.count({});
    cluster.indices.delete('companies-initial');
    await expect(index.count({})).resolves.toBe(0);
    expect(cluster.aliasTargets('companies')).toEqual(['companies-initial']);
    expect(cluster.requestsTo('PUT', /^\/companies-initial$/)).toHaveLength(1);
  });

  it('tries to create the index again after a failed attempt', async () => {
    const { cluster, index } = companyIndexOnFake();
    cluster.on('PUT', /^\/companies-initial$/, () => ({ statusCode: 400, body: errorAnswer(400, 'illegal_argument_exception', 'bad mapping') }));
    await expect(index.ensureIndex()).rejects.toBeInstanceOf(errors.ResponseError);
    cluster.on('PUT', /^\/companies-initial$/, () => undefined);
    await expect(index.ensureIndex()).resolves.toBeUndefined();
    expect(cluster.requestsTo('PUT', /^\/companies-initial$/)).toHaveLength(2);
  });

  it('refreshes the live index to make written companies searchable', async () => {
    const { cluster, index } = withLiveIndex();
    await index.refresh();
    expect(cluster.indices.get('companies-initial')?.refreshes).toBe(1);
  });
});

describe('ElasticsearchCompanyIndex: search', () => {
  it('asks for the page and for its total and facets in two requests, and answers a search page', async () => {
    const { cluster, index } = withLiveIndex();
    answerSearches(
      cluster,
      { hits: [hit(BERLIN_ANALYTICS, [12, BERLIN_ANALYTICS.id], 12), hit(BARE_COMPANY, [8, BARE_COMPANY.id], 8)] },
      { hits: [], matches: 48_210, aggregations: { ...EMPTY_FACETS, industries: facetBuckets([['Software Development', 4_210]]) } },
    );

    const page = await index.search({ query: 'analytics', countries: ['Germany'] }, byScore, 1);

    const [hitsRequest, summaryRequest] = cluster.requestsTo('POST', /^\/companies\/_search$/);
    expect(bodyOf(hitsRequest)).toMatchObject({ size: 2, track_total_hits: false, sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }] });
    expect(bodyOf(hitsRequest).aggs).toBeUndefined();
    expect(bodyOf(summaryRequest)).toMatchObject({ size: 0, track_total_hits: 10_000 });
    expect(Object.keys(bodyOf(summaryRequest).aggs as object).sort()).toEqual(['countries', 'employee_count', 'industries', 'technologies']);
    for (const request of [hitsRequest, summaryRequest]) expect(request?.params.get('allow_partial_search_results')).toBe('false');
    expect(summaryRequest?.params.get('request_cache')).toBe('true');
    expect(hitsRequest?.params.get('preference')).toBe(summaryRequest?.params.get('preference'));

    expect(page.items).toEqual([expect.objectContaining({ company_id: BERLIN_ANALYTICS.id, country: 'Germany' })]);
    expect(page.total).toBe(10_000);
    expect(page.aggregations.industries).toEqual([{ value: 'Software Development', count: 4_210 }]);
    expect(page.next).toEqual({ key: 12, id: BERLIN_ANALYTICS.id, session: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
  });

  /** Session tokens drawn in order: token-1, token-2 ... */
  const countingTokens = () => {
    let drawn = 0;
    return () => `token-${(drawn += 1)}`;
  };
  const preferencesSent = (cluster: FakeCluster): (string | null)[] =>
    cluster.requestsTo('POST', /^\/companies\/_search$/).map((request) => request.params.get('preference'));

  it('gives two first pages of the same filters different shard copies: each starts a session of its own', async () => {
    const { cluster, index } = withLiveIndex({ sessionTokens: countingTokens() });
    answerSearches(cluster, { hits: [] });
    await index.search({ countries: ['Germany'] }, byName, 20);
    await index.search({ countries: ['Germany'] }, byName, 20);
    expect(preferencesSent(cluster)).toEqual(['session-token-1', 'session-token-1', 'session-token-2', 'session-token-2']);
  });

  it('reads page 2 from the copies of page 1: the session token rides in the page position (the cursor)', async () => {
    const { cluster, index } = withLiveIndex({ sessionTokens: countingTokens() });
    answerSearches(cluster, { hits: [hit(BERLIN_ANALYTICS, ['northwind analytics', BERLIN_ANALYTICS.id]), hit(BARE_COMPANY, ['lumen & co', BARE_COMPANY.id])] });
    const first = await index.search({}, byName, 1);
    expect(first.next).toEqual({ key: 'northwind analytics', id: BERLIN_ANALYTICS.id, session: 'token-1' });
    const second = await index.search({}, byName, 1, first.next);
    expect(second.next?.session).toBe('token-1');
    expect(new Set(preferencesSent(cluster))).toEqual(new Set(['session-token-1']));
  });

  it('goes on with the copies its filters and sort chose for a cursor from before session tokens', async () => {
    const { cluster, index } = withLiveIndex({ sessionTokens: countingTokens() });
    answerSearches(cluster, { hits: [hit(BERLIN_ANALYTICS, ['northwind analytics', BERLIN_ANALYTICS.id]), hit(BARE_COMPANY, ['lumen & co', BARE_COMPANY.id])] });
    const page = await index.search({ countries: ['Germany'] }, byName, 1, { key: 'acme', id: BARE_COMPANY.id });
    expect(new Set(preferencesSent(cluster))).toEqual(new Set([filtersPreference({ countries: ['Germany'] }, byName)]));
    expect(page.next).toEqual({ key: 'northwind analytics', id: BERLIN_ANALYTICS.id });
  });

  it('resumes from a page position with search_after', async () => {
    const { cluster, index } = withLiveIndex();
    answerSearches(cluster, { hits: [] });
    const page = await index.search({}, byName, 20, { key: 'northwind analytics', id: BERLIN_ANALYTICS.id });
    expect(bodyOf(cluster.requestsTo('POST', /^\/companies\/_search$/)[0]).search_after).toEqual(['northwind analytics', BERLIN_ANALYTICS.id]);
    expect(page).toEqual({ items: [], total: 0, aggregations: { industries: [], countries: [], employee_count: [], technologies: [] } });
  });

  it('answers SERVICE_UNAVAILABLE, never a low total, when a shard failed', async () => {
    const { cluster, index, logs } = withLiveIndex();
    answerSearches(cluster, { hits: [] }, { hits: [], matches: 6_000, aggregations: EMPTY_FACETS, shards: ONE_SHARD_FAILED });
    expect(unavailable(await failureOf(index.search({ countries: ['Germany'] }, byName, 20)))).toBe(true);
    expect(logs.some((entry) => entry.level === WARN && /only some shards/.test(entry.msg))).toBe(true);
  });

  it('answers SERVICE_UNAVAILABLE when the cluster refuses a search some shards could not answer', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('POST', /^\/companies\/_search$/, () => ({ statusCode: 500, body: partialShardsFailureAnswer() }));
    expect(unavailable(await failureOf(index.search({}, byName, 20)))).toBe(true);
  });

  it('passes a query Elasticsearch rejects on as its own error, not as an outage', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('POST', /^\/companies\/_search$/, () => ({ statusCode: 400, body: errorAnswer(400, 'search_phase_execution_exception', 'all shards failed') }));
    const error = await failureOf(index.search({}, byScore, 20));
    expect(error).toBeInstanceOf(errors.ResponseError);
    expect(isAppError(error)).toBe(false);
  });
});

describe('ElasticsearchCompanyIndex: the search time budget', () => {
  it('splits the budget between a search and its one retry, and asks the node to answer within it', async () => {
    const { cluster, index } = withLiveIndex({ searchBudgetMs: 5_000 });
    answerSearches(cluster, { hits: [] });
    await index.search({}, byName, 20);
    const searches = cluster.requestsTo('POST', /^\/companies\/_search$/);
    expect(searches).toHaveLength(2);
    for (const search of searches) {
      expect(search.timeoutMs).toBe(2_500);
      expect(bodyOf(search).timeout).toBe('2000ms');
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE once the budget runs out, after at most one retry', async () => {
    const { cluster, index } = withLiveIndex({ searchBudgetMs: 5_000 });
    cluster.on('POST', /^\/companies\/_search$/, () => {
      throw new errors.TimeoutError('Request timed out');
    });
    const error = await failureOf(index.search({}, byName, 20));
    expect(isAppError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    // Two searches (page and summary) in parallel; a request that used its share is not resent.
    expect(cluster.requestsTo('POST', /^\/companies\/_search$/)).toHaveLength(2);
  });

  it('sends a search the cluster answers 502 again once, not twice', async () => {
    const { cluster, index } = withLiveIndex({ searchBudgetMs: 5_000 });
    cluster.on('POST', /^\/companies\/_search$/, (request) =>
      isSummary(request) ? { body: searchAnswerTo(request.body, { hits: [], aggregations: EMPTY_FACETS }) } : { statusCode: 502, body: errorAnswer(502, 'bad_gateway', 'proxy') },
    );
    const error = await failureOf(index.search({}, byName, 20));
    expect(isAppError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    expect(cluster.requestsTo('POST', /^\/companies\/_search$/).filter((request) => !isSummary(request))).toHaveLength(2);
  });
});

describe('ElasticsearchCompanyIndex: readiness', () => {
  it('is ready once the live index has been seen, and then asks the cluster nothing, however slow it is', async () => {
    const { cluster, index } = withLiveIndex();
    await expect(index.readyToServe()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await index.ensureIndex();
    const before = cluster.requests.length;
    cluster.on('HEAD', /.*/, () => {
      throw new errors.TimeoutError('Request timed out');
    });
    await expect(index.readyToServe()).resolves.toBeUndefined();
    expect(cluster.requests.length).toBe(before);
    expect(cluster.requestsTo('POST', /_count$/)).toEqual([]);
  });

  it('is not ready while the cluster has never answered, and looks for the index meanwhile', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('HEAD', /.*/, () => {
      throw new errors.ConnectionError('connect ECONNREFUSED');
    });
    await expect(index.readyToServe()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(cluster.requestsTo('HEAD', /^\/companies$/).length).toBeGreaterThan(0);
  });
});

describe('ElasticsearchCompanyIndex: layout at start', () => {
  function withIndexOfLayout(replicas: number, refreshInterval: string) {
    const setup = withLiveIndex();
    const live = setup.cluster.indices.get('companies-initial');
    if (live) live.settings = { number_of_shards: 3, number_of_replicas: replicas, refresh_interval: refreshInterval };
    setup.cluster.on('POST', /^\/companies\/_search$/, () => ({ body: cardinalityAnswer({ industries: 4, countries: 1, employee_count: 9, technologies: 2 }) }));
    return setup;
  }

  it('gives the live index the replica count and refresh interval of the configured layout when they changed', async () => {
    const { cluster, index } = withIndexOfLayout(0, '1s');
    await index.warmUp();
    expect(cluster.requestsTo('PUT', /^\/companies-initial\/_settings$/).map((request) => request.body)).toEqual([{ number_of_replicas: 1, refresh_interval: '30s' }]);
    expect(cluster.indices.get('companies-initial')?.settings).toMatchObject({ number_of_replicas: 1, refresh_interval: '30s' });
  });

  it('leaves a live index of the configured layout alone', async () => {
    const { cluster, index } = withIndexOfLayout(1, '30s');
    await index.warmUp();
    expect(cluster.requestsTo('PUT', /_settings$/)).toEqual([]);
  });
});

describe('ElasticsearchCompanyIndex: facet shard sizes', () => {
  const shardSizesOf = (request: RecordedRequest | undefined): Record<string, number> =>
    Object.fromEntries(Object.entries(bodyOf(request).aggs as Record<string, { terms: { shard_size: number } }>).map(([name, aggregation]) => [name, aggregation.terms.shard_size]));
  const isCardinality = (request: RecordedRequest): boolean => JSON.stringify(bodyOf(request).aggs ?? {}).includes('cardinality');
  /** Companies with 3 industries, 2 countries, 1 employee band, 2 technologies. */
  /** Two filters: counted live, not one of the views a feed precomputes. */
  const NOT_A_VIEW = { countries: ['Germany'], industries: ['Industry 0'] };
  const companies = storedCompanies(6).map((company, position) => ({ ...company, industry: `Industry ${position % 3}`, country: position % 2 === 0 ? 'Germany' : 'Norway' }));

  it('measures the facet fields once, at the end of a feed, and stores the shard sizes with the fed index', async () => {
    const { cluster, index } = companyIndexOnFake();
    const outcome = await index.feed(storeSource(companies, 3));
    const cardinality = cluster.requestsTo('POST', /\/_search$/).filter(isCardinality);
    expect(cardinality.map((request) => request.path)).toEqual([`/${outcome.index}/_search`]);
    expect(cluster.indices.get(outcome.index)?.mappings._meta).toMatchObject({
      data_version: 'load-1',
      facet_shard_sizes: { industries: 20, countries: 20, employee_count: 20, technologies: 20 },
    });
  });

  it('starts any number of readers without a cardinality aggregation; each uses the sizes the feed stored', async () => {
    const { cluster, index: feeder } = companyIndexOnFake();
    const outcome = await feeder.feed(storeSource(companies, 3));
    const stored = { industries: 550, countries: 238, employee_count: 20, technologies: 3_000 };
    (cluster.indices.get(outcome.index)?.mappings._meta as Record<string, unknown>).facet_shard_sizes = stored;
    const before = cluster.requests.length;
    for (let replica = 0; replica < 3; replica += 1) {
      const { index: reader } = companyIndexOnFake({}, cluster);
      await reader.warmUp();
      await reader.search(NOT_A_VIEW, byName, 20);
      expect(shardSizesOf(cluster.requests.filter((request) => request.path.endsWith('/_search') && isSummary(request)).at(-1))).toEqual(stored);
    }
    expect(cluster.requests.slice(before).filter((request) => request.path.endsWith('/_search') && isCardinality(request))).toEqual([]);
  });

  it('takes up the sizes of a new live index that another replica fed, at its next check of the alias', async () => {
    const cluster = new FakeCluster();
    const { index: reader } = companyIndexOnFake({ existsTtlMs: 0 }, cluster);
    await reader.search(NOT_A_VIEW, byName, 20);
    const { index: feeder } = companyIndexOnFake({}, cluster);
    const outcome = await feeder.feed(storeSource(companies, 3));
    (cluster.indices.get(outcome.index)?.mappings._meta as Record<string, unknown>).facet_shard_sizes = { industries: 21, countries: 22, employee_count: 23, technologies: 24 };
    await reader.search(NOT_A_VIEW, byName, 20);
    const summaries = cluster.requests.filter((request) => request.path === '/companies/_search' && isSummary(request));
    expect(shardSizesOf(summaries.at(-1))).toEqual({ industries: 21, countries: 22, employee_count: 23, technologies: 24 });
  });

  it('uses the default sizes for an index whose feed stored none, and says so', async () => {
    const { cluster, index, logs } = withLiveIndex();
    cluster.indices.get('companies-initial')!.mappings = { _meta: { mapping_version: 1, data_version: 'load-0' } };
    answerSearches(cluster, { hits: [] });
    await index.warmUp();
    await index.search(NOT_A_VIEW, byName, 20);
    expect(shardSizesOf(cluster.requestsTo('POST', /^\/companies\/_search$/).filter(isSummary).at(-1))).toEqual(DEFAULT_FACET_SHARD_SIZES);
    expect(logs.find((entry) => /no stored facet shard sizes/.test(entry.msg))).toMatchObject({ level: WARN, index: 'companies-initial' });
    expect(cluster.requestsTo('POST', /_search$/).filter(isCardinality)).toEqual([]);
  });

  it('warns at the feed about a facet with more values than a shard sends, and at search about counts Elasticsearch marks inexact', async () => {
    const { cluster, index, logs } = companyIndexOnFake();
    cluster.on('POST', /\/_search$/, (request) =>
      isCardinality(request) ? { body: cardinalityAnswer({ industries: 440, countries: 190, employee_count: 9, technologies: MAX_FACET_SHARD_SIZE * 2 }) } : undefined,
    );
    await index.feed(storeSource(companies, 3));
    answerSearches(cluster, { hits: [] }, { hits: [], aggregations: { ...EMPTY_FACETS, technologies: facetBuckets([['React', 80]], 6) } });
    await index.search(NOT_A_VIEW, byName, 20);
    await index.search(NOT_A_VIEW, byName, 20);
    const warnings = logs.filter((entry) => entry.level === WARN).map((entry) => entry.msg);
    expect(warnings.filter((message) => /may be inexact/.test(message))).toHaveLength(2);
    expect(logs.find((entry) => entry.msg === 'facet counts may be inexact')).toMatchObject({ facet: 'technologies', docCountErrorUpperBound: 6 });
  });
});

describe('ElasticsearchCompanyIndex: counts', () => {
  it('counts the exact match set with the count API', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(1_234_567) }));
    await expect(index.count({ industries: ['Banking'] })).resolves.toBe(1_234_567);
    expect(bodyOf(cluster.requestsTo('POST', /^\/companies\/_count$/)[0])).toEqual({ query: { bool: { filter: [{ terms: { industry: ['Banking'] } }] } } });
  });

  it('answers SERVICE_UNAVAILABLE, never a low count, when a shard failed (the count API cannot refuse partial results)', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(800_000, ONE_SHARD_FAILED) }));
    expect(unavailable(await failureOf(index.count({ industries: ['Banking'] })))).toBe(true);
    expect(unavailable(await failureOf(index.countAmong({ industries: ['Banking'] }, ['a'])))).toBe(true);
  });

  it('counts matches among given ids with a terms filter on the id, each id once', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(2) }));
    await expect(index.countAmong({ countries: ['Norway'] }, ['a', 'b', 'a', 'c'])).resolves.toBe(2);
    expect(bodyOf(cluster.requestsTo('POST', /^\/companies\/_count$/)[0])).toEqual({
      query: { bool: { filter: [{ terms: { country: ['Norway'] } }, { terms: { id: ['a', 'b', 'c'] } }] } },
    });
  });

  it('answers 0 among no ids without asking the cluster', async () => {
    const { cluster, index } = withLiveIndex();
    await expect(index.countAmong({}, [])).resolves.toBe(0);
    expect(cluster.requests).toHaveLength(0);
  });

  it('adds up the counts of id batches when a workspace has more ids than one request holds', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('POST', /^\/companies\/_count$/, (request) => {
      const filter = (request.body as { query: { bool: { filter: { terms: { id?: string[] } }[] } } }).query.bool.filter;
      return { body: countAnswer(Math.floor((filter.at(-1)?.terms.id ?? []).length / 2)) };
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
      return { body: searchAnswerTo(request.body, { hits: matches.slice(start).map((match) => idHit(match.id, [match.score, match.id])) }) };
    });
  }

  it('collects up to max ids in sort order, batch after batch with search_after, from the same shard copies', async () => {
    const { cluster, index } = withLiveIndex();
    serveMatches(cluster, 5_000);
    const ids = await index.matchingIds({ query: 'logistics' }, byScore, 2_500);

    expect(ids).toHaveLength(2_500);
    expect(ids[0]).toBe('id-00000');
    expect(ids[2_499]).toBe('id-02499');
    const requests = cluster.requestsTo('POST', /^\/companies\/_search$/);
    const bodies = requests.map(bodyOf);
    expect(bodies.map((body) => body.size)).toEqual([1_000, 1_000, 500]);
    expect(bodies.map((body) => body.search_after)).toEqual([undefined, [4_001, 'id-00999'], [3_001, 'id-01999']]);
    for (const body of bodies) expect(body).toMatchObject({ _source: false, track_total_hits: false });
    expect(new Set(requests.map((request) => request.params.get('preference'))).size).toBe(1);
  });

  it('stops when the match set runs out before max', async () => {
    const { cluster, index } = withLiveIndex();
    serveMatches(cluster, 1_200);
    const ids = await index.matchingIds({}, byScore, 10_000);
    expect(ids).toHaveLength(1_200);
    expect(new Set(ids).size).toBe(1_200);
    expect(cluster.requestsTo('POST', /^\/companies\/_search$/)).toHaveLength(2);
  });

  it('asks nothing for max 0 or among no ids', async () => {
    const { cluster, index } = withLiveIndex();
    await expect(index.matchingIds({}, byScore, 0)).resolves.toEqual([]);
    await expect(index.matchingIds({}, byScore, 10, [])).resolves.toEqual([]);
    expect(cluster.requests).toHaveLength(0);
  });
});

describe('ElasticsearchCompanyIndex: upsert', () => {
  it('writes the last version of a company given twice, once', async () => {
    const { cluster, index } = withLiveIndex();
    await index.upsert([anIndexedCompany({ id: 'id-1', name: 'First' }), anIndexedCompany({ id: 'id-2' }), anIndexedCompany({ id: 'id-1', name: 'Second' })]);
    const lines = cluster.requestsTo('POST', /^\/_bulk$/)[0]?.body as Record<string, unknown>[];
    expect(lines).toHaveLength(4);
    expect(cluster.indices.get('companies-initial')?.documents.get('id-1')).toMatchObject({ name: 'Second' });
  });

  it('sends again what a node refused for now, and fails with BulkUpsertError naming what it refused for good', async () => {
    const { cluster, index } = withLiveIndex();
    let round = 0;
    cluster.on('POST', /^\/_bulk$/, (request) => {
      round += 1;
      const ids = (request.body as { index?: { _id: string } }[]).flatMap((line) => (line.index ? [line.index._id] : []));
      const failed: Record<string, ItemFailure> = round === 1 ? { 'id-1': ITEM_FAILURES.tooManyRequests, 'id-2': ITEM_FAILURES.mappingConflict } : {};
      return { body: bulkAnswer('companies-initial', ids, failed) };
    });
    const error = await failureOf(index.upsert([anIndexedCompany({ id: 'id-1' }), anIndexedCompany({ id: 'id-2' }), anIndexedCompany({ id: 'id-3' })]));
    expect(error).toBeInstanceOf(BulkUpsertError);
    expect((error as BulkUpsertError).failures.map((failure) => failure.id)).toEqual(['id-2']);
    expect(cluster.requestsTo('POST', /^\/_bulk$/)).toHaveLength(2);
  });

  it('sends nothing for an empty upsert', async () => {
    const { cluster, index } = withLiveIndex();
    await index.upsert([]);
    expect(cluster.requests).toHaveLength(0);
  });
});

describe('ElasticsearchCompanyIndex: connecting to a real cluster', () => {
  it('speaks Elasticsearch 8\'s compatibility media type, and a cluster of another major refuses it', async () => {
    const { cluster, index } = withLiveIndex();
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(3) }));
    await index.count({});
    const request = cluster.requestsTo('POST', /^\/companies\/_count$/)[0];
    expect(request?.headers.accept).toMatch(/^application\/vnd\.elasticsearch\+json; ?compatible-with=8$/);

    const client = new Client({ node: 'http://127.0.0.1:9200', Connection: cluster.connectionClass() });
    const nextMajor = await failureOf(client.transport.request({ method: 'GET', path: '/' }, { headers: { accept: 'application/vnd.elasticsearch+json; compatible-with=9' } }));
    expect(nextMajor).toBeInstanceOf(errors.ResponseError);
    expect((nextMajor as errors.ResponseError).body).toMatchObject({ error: { type: 'media_type_header_exception' } });
  });

  it('logs in with an API key or with a user name and password', async () => {
    const withKey = withLiveIndex({ cluster: { node: 'https://es.internal:9200', auth: { apiKey: 'VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==' } } });
    await withKey.index.refresh();
    expect(withKey.cluster.requests[0]?.headers.authorization).toBe('ApiKey VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==');

    const withPassword = withLiveIndex({ cluster: { node: 'https://es.internal:9200', auth: { username: 'radar-search', password: 's3cret' } } });
    await withPassword.index.refresh();
    expect(withPassword.cluster.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('radar-search:s3cret').toString('base64')}`);
  });

  it('trusts the CA of a CA file for the cluster\'s certificate, and refuses to start on one it cannot read', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'es-ca-'));
    const caFile = path.join(directory, 'ca.crt');
    writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const { cluster } = withLiveIndex({ cluster: { node: 'https://radar-search-es-http:9200', caFile } });
    expect(cluster.connections[0]?.url).toBe('https://radar-search-es-http:9200/');
    expect(String(cluster.connections[0]?.tls?.ca)).toContain('BEGIN CERTIFICATE');

    expect(() => withLiveIndex({ cluster: { node: 'https://radar-search-es-http:9200', caFile: path.join(directory, 'missing.crt') } })).toThrow(/ELASTICSEARCH_CA_FILE .*missing\.crt cannot be read/);
  });

  it('finds an Elastic Cloud deployment from its cloud id', () => {
    // name:base64("eu-west-1.aws.found.io:443$abc123$def456")
    const cloudId = `radar:${Buffer.from('eu-west-1.aws.found.io:443$abc123$def456').toString('base64')}`;
    const { cluster } = withLiveIndex({ cluster: { cloudId, auth: { apiKey: 'a2V5' } } });
    expect(cluster.connections[0]?.url).toBe('https://abc123.eu-west-1.aws.found.io/');
  });
});

describe('ElasticsearchCompanyIndex: an unavailable cluster', () => {
  // No retries: the client's backoff between them would only slow the test down.
  it('answers SERVICE_UNAVAILABLE when the cluster cannot be reached', async () => {
    const { cluster, index } = companyIndexOnFake({ maxRetries: 0 });
    cluster.on('HEAD', /^\/companies$/, () => {
      throw new errors.ConnectionError('connect ECONNREFUSED 127.0.0.1:9200');
    });
    expect(unavailable(await failureOf(index.count({})))).toBe(true);
  });

  it('answers SERVICE_UNAVAILABLE when the cluster says 503 or 429', async () => {
    const { cluster, index } = withLiveIndex({ maxRetries: 0 });
    cluster.on('POST', /^\/companies\/_search$/, () => ({
      statusCode: 503,
      body: errorAnswer(503, 'cluster_block_exception', 'blocked by: [SERVICE_UNAVAILABLE/1/state not recovered / initialized]'),
    }));
    expect(unavailable(await failureOf(index.search({}, byScore, 20)))).toBe(true);
    cluster.on('POST', /^\/companies\/_count$/, () => ({ statusCode: 429, body: errorAnswer(429, 'circuit_breaking_exception', '[parent] Data too large') }));
    expect(unavailable(await failureOf(index.count({})))).toBe(true);
  });

  it('recovers by itself when the cluster comes back', async () => {
    const { cluster, index } = withLiveIndex({ maxRetries: 0 });
    cluster.on('HEAD', /^\/companies$/, () => {
      throw new errors.ConnectionError('connect ECONNREFUSED 127.0.0.1:9200');
    });
    await failureOf(index.count({}));
    cluster.on('HEAD', /^\/companies$/, () => undefined);
    cluster.on('POST', /^\/companies\/_count$/, () => ({ body: countAnswer(9) }));
    await expect(index.count({})).resolves.toBe(9);
  });
});
