import { errors, type Client } from '@elastic/elasticsearch';
import type { IndexedCompany } from '@radar/company-index';
import { aSparseIndexedCompany } from '@radar/company-index/testing';
import { AdaptiveConcurrency, bulkUpsertCompanies, BulkUpsertError, DEFAULT_BULK_UPSERT_SETTINGS, type AcknowledgedBatches, type BulkUpsertSettings } from './bulk-upsert';
import { createWriteClient } from './cluster-client';
import { FakeCluster, type RecordedRequest } from '../test/fake-cluster';
import { QUICK_BACK_OFF, storedCompanies } from '../test/company-index-on-fake';
import { BULK_REQUEST_REJECTED, bulkAnswer, ITEM_FAILURES, type ItemFailure } from '../test/recorded-responses';

const settings: BulkUpsertSettings = { ...DEFAULT_BULK_UPSERT_SETTINGS, itemBackOff: QUICK_BACK_OFF };

function setUp() {
  const cluster = new FakeCluster();
  cluster.createIndex('companies-fed');
  const client: Client = createWriteClient({ node: 'http://127.0.0.1:9200' }, { requestTimeoutMs: 5_000, maxRetries: 0, Connection: cluster.connectionClass() }, QUICK_BACK_OFF);
  return { cluster, client, target: { client, index: 'companies-fed', requireAlias: false } };
}

const batchesOf = (companies: IndexedCompany[], size: number): IndexedCompany[][] =>
  Array.from({ length: Math.ceil(companies.length / size) }, (_, at) => companies.slice(at * size, at * size + size));

const idsIn = (request: RecordedRequest): string[] => (request.body as { index?: { _id: string } }[]).flatMap((line) => (line.index ? [line.index._id] : []));

/**
 * Bulk answers that refuse the listed ids, each for as many of its attempts as given, and
 * write every other company into the cluster.
 */
function refuseItems(cluster: FakeCluster, refusals: Record<string, { failure: ItemFailure; times: number }>): void {
  const attempts = new Map<string, number>();
  cluster.on('POST', /^\/_bulk$/, (request) => {
    const ids = idsIn(request);
    const failed: Record<string, ItemFailure> = {};
    for (const id of ids) {
      const refusal = refusals[id];
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      if (refusal && attempt <= refusal.times) failed[id] = refusal.failure;
    }
    const index = cluster.indices.get('companies-fed');
    const lines = request.body as Record<string, unknown>[];
    for (let at = 0; at < lines.length; at += 2) {
      const id = (lines[at] as { index: { _id: string } }).index._id;
      if (failed[id] === undefined) index?.documents.set(id, lines[at + 1]);
    }
    return { body: bulkAnswer('companies-fed', ids, failed) };
  });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('bulkUpsertCompanies', () => {
  it('indexes each company whole under its id through the bulk helper, in requests cut by size', async () => {
    const { cluster, target } = setUp();
    const companies = storedCompanies(60);
    const written = await bulkUpsertCompanies(target, batchesOf(companies, 25), { ...settings, flushBytes: 10_000 });

    expect(written).toBe(60);
    const stored = cluster.indices.get('companies-fed')?.documents;
    expect([...(stored?.keys() ?? [])].sort()).toEqual(companies.map((company) => company.id));
    expect(stored?.get('id-0007')).toMatchObject({ id: 'id-0007', name: 'Company 7', name_sort: 'Company 7', naics_prefix: '51' });
    const requests = cluster.requestsTo('POST', /^\/_bulk$/);
    expect(requests.length).toBeGreaterThan(2);
    expect((requests[0]?.body as unknown[])[0]).toEqual({ index: { _index: 'companies-fed', _id: 'id-0000' } });
    expect(requests[0]?.headers['content-type']).toMatch(/application\/vnd\.elasticsearch\+x-ndjson; ?compatible-with=8/);
  });

  it('leaves out the fields a company lacks, so they are missing to filters and sorts', async () => {
    const { cluster, target } = setUp();
    await bulkUpsertCompanies(target, [[aSparseIndexedCompany({ id: 'sparse', name: 'lumen & co' })]], settings);
    expect(cluster.indices.get('companies-fed')?.documents.get('sparse')).toEqual({
      id: 'sparse',
      name: 'lumen & co',
      name_sort: 'lumen & co',
      name_words: ['lumen'],
      name_word_count: 1,
      domain: 'northwind-analytics-4k2.io',
      data_quality_score: 2,
    });
  });

  it('sends again within their batch, after a back-off, the items a node refused for now (429 and 503), until they are written', async () => {
    const { cluster, target } = setUp();
    refuseItems(cluster, {
      'id-0003': { failure: ITEM_FAILURES.tooManyRequests, times: 2 },
      'id-0011': { failure: ITEM_FAILURES.unavailableShard, times: 1 },
    });
    const written = await bulkUpsertCompanies(target, batchesOf(storedCompanies(20), 10), settings);

    expect(written).toBe(20);
    expect(cluster.indices.get('companies-fed')?.documents.size).toBe(20);
    // Each batch sends its own refused items again: id-0003 twice, id-0011 once.
    const resent = cluster.requestsTo('POST', /^\/_bulk$/).slice(2).map((request) => idsIn(request));
    expect(resent.sort()).toEqual([['id-0003'], ['id-0003'], ['id-0011']]);
  });

  it('names the companies refused for what they hold, once every other company is written', async () => {
    const { cluster, target } = setUp();
    refuseItems(cluster, { 'id-0004': { failure: ITEM_FAILURES.mappingConflict, times: 99 } });
    const error = await failureOf(bulkUpsertCompanies(target, batchesOf(storedCompanies(8), 4), settings));

    expect(error).toBeInstanceOf(BulkUpsertError);
    expect((error as BulkUpsertError).failures).toEqual([{ id: 'id-0004', status: 400, type: 'document_parsing_exception', reason: expect.stringContaining('founded_year') }]);
    expect((error as BulkUpsertError).attemptedCount).toBe(8);
    expect(cluster.indices.get('companies-fed')?.documents.size).toBe(7);
    // A mapping error is not sent again.
    expect(cluster.requestsTo('POST', /^\/_bulk$/).filter((request) => idsIn(request).includes('id-0004'))).toHaveLength(1);
  });

  it('gives up on an item still refused after the last round, naming it with the refusal', async () => {
    const { cluster, target } = setUp();
    refuseItems(cluster, { 'id-0001': { failure: ITEM_FAILURES.tooManyRequests, times: 99 } });
    const error = await failureOf(bulkUpsertCompanies(target, [storedCompanies(3)], settings));

    expect((error as BulkUpsertError).failures).toEqual([{ id: 'id-0001', status: 429, type: 'es_rejected_execution_exception', reason: expect.any(String) }]);
    expect(cluster.requestsTo('POST', /^\/_bulk$/)).toHaveLength(1 + QUICK_BACK_OFF.retries);
  });

  it('acknowledges batches in source order only when every company of them and of every batch before is written', async () => {
    const { cluster, target } = setUp();
    refuseItems(cluster, { 'id-0002': { failure: ITEM_FAILURES.unavailableShard, times: 1 } });
    const acknowledged: AcknowledgedBatches[] = [];
    await bulkUpsertCompanies(target, batchesOf(storedCompanies(6), 2), settings, (batches) => acknowledged.push(batches));

    // id-0002 (second batch) waits for its second round; the third batch, written in the first, waits with it.
    expect(acknowledged).toEqual([
      { lastId: 'id-0001', companies: 2 },
      { lastId: 'id-0003', companies: 4 },
      { lastId: 'id-0005', companies: 6 },
    ]);
  });

  it('sends a refused item again while the source is still being read, so progress moves past its batch before the source ends', async () => {
    const { cluster, target } = setUp();
    refuseItems(cluster, { 'id-0150': { failure: ITEM_FAILURES.tooManyRequests, times: 1 } });
    const companies = storedCompanies(2_000);
    const acknowledged: AcknowledgedBatches[] = [];
    // The store goes away after its 20th batch of 100, as a crash would end a feed at 13M.
    async function* storeThatFails(): AsyncGenerator<IndexedCompany[]> {
      yield* batchesOf(companies, 100);
      throw new Error('connection to the store lost');
    }
    const error = await failureOf(bulkUpsertCompanies(target, storeThatFails(), settings, (batches) => acknowledged.push(batches)));

    expect((error as Error).message).toBe('connection to the store lost');
    expect(acknowledged.at(-1)).toEqual({ lastId: 'id-1999', companies: 2_000 });
    expect(cluster.indices.get('companies-fed')?.documents.size).toBe(2_000);
  });

  it('halves the bulk requests in flight on a 429 and lets them grow back one at a time', () => {
    const concurrency = new AdaptiveConcurrency(8, 4);
    expect(concurrency.limit).toBe(8);
    concurrency.answered({ tooManyRequests: true });
    expect(concurrency.limit).toBe(4);
    concurrency.answered({ tooManyRequests: true });
    concurrency.answered({ tooManyRequests: true });
    concurrency.answered({ tooManyRequests: true });
    expect(concurrency.limit).toBe(1);
    for (let answer = 0; answer < 3; answer += 1) concurrency.answered({ tooManyRequests: false });
    expect(concurrency.limit).toBe(1);
    concurrency.answered({ tooManyRequests: false });
    expect(concurrency.limit).toBe(2);
    for (let answer = 0; answer < 100; answer += 1) concurrency.answered({ tooManyRequests: false });
    expect(concurrency.limit).toBe(8);
  });

  it('rides out whole requests the cluster refuses for now (429, a dropped connection) with the write client\'s back-off', async () => {
    const { cluster, target } = setUp();
    let calls = 0;
    cluster.on('POST', /^\/_bulk$/, () => {
      calls += 1;
      if (calls === 1) return { statusCode: 429, body: BULK_REQUEST_REJECTED };
      if (calls === 2) throw new errors.ConnectionError('socket hang up');
      return undefined;
    });
    await expect(bulkUpsertCompanies(target, [storedCompanies(5)], settings)).resolves.toBe(5);
    expect(cluster.indices.get('companies-fed')?.documents.size).toBe(5);
    expect(cluster.requestsTo('POST', /^\/_bulk$/)).toHaveLength(3);
  });

  it('fails with the cluster\'s refusal when a whole request is still refused after the last retry', async () => {
    const { cluster, target } = setUp();
    cluster.on('POST', /^\/_bulk$/, () => ({ statusCode: 429, body: BULK_REQUEST_REJECTED }));
    const error = await failureOf(bulkUpsertCompanies(target, [storedCompanies(5)], settings));
    expect(error).toBeInstanceOf(errors.ResponseError);
    expect((error as errors.ResponseError).statusCode).toBe(429);
    expect(cluster.requestsTo('POST', /^\/_bulk$/)).toHaveLength(1 + QUICK_BACK_OFF.retries);
  });

  it('refuses to write through a name that is not an alias when asked to (no index made by accident)', async () => {
    const { cluster, client } = setUp();
    const error = await failureOf(bulkUpsertCompanies({ client, index: 'companies', requireAlias: true }, [storedCompanies(2)], settings));
    expect((error as BulkUpsertError).failures.map((failure) => failure.type)).toEqual(['index_not_found_exception', 'index_not_found_exception']);
    expect(cluster.indices.has('companies')).toBe(false);
    expect(cluster.requestsTo('POST', /^\/_bulk$/)[0]?.params.get('require_alias')).toBe('true');
  });
});
