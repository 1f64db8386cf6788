import { errors } from '@elastic/elasticsearch';
import { isAppError } from '@radar/platform/errors';
import { MAPPING_VERSION } from './company-index-definition';
import { companyIndexOnFake, storedCompanies, storeSource, WARN } from '../test/company-index-on-fake';
import type { FakeCluster, RecordedRequest } from '../test/fake-cluster';
import { bulkAnswer, ITEM_FAILURES } from '../test/recorded-responses';

const PROGRESS = 'companies-feed-progress';
const VIEWS = 'companies-facet-views';

const bulkIds = (request: RecordedRequest): string[] => (request.body as { index?: { _id: string } }[]).flatMap((line) => (line.index ? [line.index._id] : []));

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** The one index a feed created (`companies-fed-...`). */
const fedIndexOf = (cluster: FakeCluster): string => {
  const names = [...cluster.indices.keys()].filter((name) => name.startsWith('companies-fed-'));
  if (names.length !== 1) throw new Error(`expected one fed index, found ${names.join(', ') || 'none'}`);
  return names[0] as string;
};

/** Bulk requests after the first `allowed` fail as a connection that dropped and stays down would. */
function dropConnectionAfter(cluster: FakeCluster, allowed: number): { restore(): void } {
  let sent = 0;
  let down = true;
  cluster.on('POST', /^\/_bulk$/, () => {
    sent += 1;
    if (down && sent > allowed) throw new errors.ConnectionError('read ECONNRESET');
    return undefined;
  });
  return {
    restore: () => {
      down = false;
    },
  };
}

describe('feeding the company index', () => {
  it('builds a new index without replicas or refresh, restores the layout, checks it, and moves the alias to it', async () => {
    const { cluster, index } = companyIndexOnFake({ bulk: { flushBytes: 20_000 } });
    const companies = storedCompanies(30);
    const outcome = await index.feed(storeSource(companies, 10));

    const fed = fedIndexOf(cluster);
    expect(outcome).toEqual({ index: fed, companies: 30 });
    const created = cluster.requestsTo('PUT', new RegExp(`^/${fed}$`))[0]?.body as { settings: Record<string, unknown>; mappings: { _meta: unknown } };
    expect(created.settings).toMatchObject({ number_of_shards: 3, number_of_replicas: 0, refresh_interval: '-1' });
    expect(created.mappings._meta).toEqual({ mapping_version: MAPPING_VERSION });
    expect(cluster.requestsTo('PUT', new RegExp(`^/${fed}/_settings$`)).map((request) => request.body)).toEqual([{ refresh_interval: '30s', number_of_replicas: 1 }]);
    expect(cluster.indices.get(fed)?.documents.size).toBe(30);
    // The alias moved to the fed index alone; the index it pointed at is kept, retired, for a way back.
    expect(cluster.aliasTargets('companies')).toEqual([fed]);
    expect(cluster.indices.get('companies-initial')?.mappings._meta).toMatchObject({ retired_at: expect.any(String) });
    expect(cluster.indices.get(fed)?.aliases.get('companies')).toBe(true);
    // Settings restored and the index refreshed and green before searches see it.
    const order = cluster.requests.map((request) => `${request.method} ${request.path}`);
    const steps = [`PUT /${fed}/_settings`, `GET /${fed}/_refresh`, `GET /_cluster/health/${fed}`, `GET /${fed}/_count`].map((step) => order.indexOf(step));
    expect(steps.every((step) => step >= 0)).toBe(true);
    expect(Math.max(...steps)).toBeLessThan(order.indexOf('POST /_aliases'));
    // The progress of a finished feed is forgotten.
    expect(cluster.indices.get(PROGRESS)?.documents.has('current')).toBe(false);
  });

  it('records its progress as batches are acknowledged', async () => {
    const { cluster, index } = companyIndexOnFake({ bulk: { flushBytes: 20_000 } });
    const progress: unknown[] = [];
    cluster.on('PUT', new RegExp(`^/${PROGRESS}/_doc/current$`), (request) => {
      progress.push(request.body);
      return undefined;
    });
    await index.feed(storeSource(storedCompanies(30), 10));
    const recorded = progress.map((document) => (document as { after_id: string | null; fed: number }));
    expect(recorded[0]).toMatchObject({ after_id: null, fed: 0, source_count: 30, mapping_version: MAPPING_VERSION });
    expect(recorded.at(-1)).toMatchObject({ after_id: 'id-0029', fed: 30 });
    // Progress only ever moves forward, batch by batch.
    const fedCounts = recorded.map((document) => document.fed);
    expect(fedCounts).toEqual([...fedCounts].sort((a, b) => a - b));
    expect(fedCounts.every((fed) => fed % 10 === 0)).toBe(true);
  });

  it('resumes a feed cut off by a dropped connection from its last acknowledged batch, not from the first company', async () => {
    const { cluster, index } = companyIndexOnFake({ bulk: { flushBytes: 6_000, concurrency: 1 } });
    const companies = storedCompanies(40);
    const connection = dropConnectionAfter(cluster, 3);

    const error = await failureOf(index.feed(storeSource(companies, 5)));
    expect(isAppError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    const fed = fedIndexOf(cluster);
    const progress = cluster.indices.get(PROGRESS)?.documents.get('current') as { index: string; after_id: string; fed: number };
    expect(progress.index).toBe(fed);
    expect(progress.fed).toBeGreaterThan(0);
    expect(progress.fed).toBeLessThan(40);
    // Searches still read the index the alias pointed at before.
    expect(cluster.aliasTargets('companies')).toEqual(['companies-initial']);

    connection.restore();
    const source = storeSource(companies, 5);
    const bulksBefore = cluster.requestsTo('POST', /^\/_bulk$/).length;
    const outcome = await index.feed(source);

    expect(outcome).toEqual({ index: fed, companies: 40, resumedAfter: progress.after_id });
    // The whole store once for the statistics of the characteristic terms, then from the last acknowledged batch.
    expect(source.readsAfter).toEqual([undefined, progress.after_id]);
    const resumedIds = cluster.requestsTo('POST', /^\/_bulk$/).slice(bulksBefore).flatMap(bulkIds);
    expect(resumedIds[0]).toBe(companies[progress.fed]?.id);
    expect(resumedIds).toHaveLength(40 - progress.fed);
    // No second index: the resumed feed fills the one it had begun.
    expect([...cluster.indices.keys()].filter((name) => name.startsWith('companies-fed-'))).toEqual([fed]);
    expect(cluster.indices.get(fed)?.documents.size).toBe(40);
    expect(cluster.aliasTargets('companies')).toEqual([fed]);
  });

  it('starts afresh, deleting the unfinished index, when the store changed since the feed was cut off', async () => {
    const { cluster, index } = companyIndexOnFake({ bulk: { flushBytes: 6_000, concurrency: 1 } });
    const connection = dropConnectionAfter(cluster, 2);
    await failureOf(index.feed(storeSource(storedCompanies(40), 5)));
    const abandoned = fedIndexOf(cluster);
    connection.restore();

    const source = storeSource(storedCompanies(45), 5);
    const outcome = await index.feed(source);
    expect(outcome.index).not.toBe(abandoned);
    expect(outcome.resumedAfter).toBeUndefined();
    expect(source.readsAfter).toEqual([undefined, undefined]);
    expect(cluster.indices.has(abandoned)).toBe(false);
    expect(cluster.indices.get(outcome.index)?.documents.size).toBe(45);
  });

  it('keeps the live index when the fed one does not hold every stored company', async () => {
    const { cluster, index } = companyIndexOnFake();
    cluster.on('GET', /^\/companies-fed-[^/]+\/_count$/, () => ({ body: { count: 29, _shards: { total: 3, successful: 3, skipped: 0, failed: 0 } } }));
    const error = await failureOf(index.feed(storeSource(storedCompanies(30), 10)));
    expect(String(error)).toMatch(/holds 29 companies where the store holds 30/);
    expect(cluster.aliasTargets('companies')).toEqual(['companies-initial']);
  });

  it('keeps a company it cannot index out of the index, in a dead-letter list reported in the outcome and logs, within the tolerance', async () => {
    const { cluster, index, logs } = companyIndexOnFake({ rejectionTolerance: 0.05 });
    const companies = storedCompanies(30).map((company) => (company.id === 'id-0012' ? { ...company, lastFundingDate: '2023-02-30' } : company));
    const outcome = await index.feed(storeSource(companies, 10));

    expect(outcome.companies).toBe(29);
    expect(outcome.rejected).toEqual({ count: 1, sample: [{ id: 'id-0012', status: 400, type: 'invalid_company', reason: expect.stringContaining('last_funding_date') }] });
    expect(cluster.aliasTargets('companies')).toEqual([outcome.index]);
    expect(cluster.indices.get(outcome.index)?.documents.has('id-0012')).toBe(false);
    expect(logs.some((entry) => entry.level === WARN && /dead-letter/.test(entry.msg))).toBe(true);
  });

  it('fails, keeping the live index, when more companies are rejected than the tolerance allows, and starts afresh next time', async () => {
    const { cluster, index } = companyIndexOnFake({ rejectionTolerance: 0 });
    cluster.on('POST', /^\/_bulk$/, (request) => {
      const ids = bulkIds(request);
      const fedIndex = cluster.indices.get(fedIndexOf(cluster));
      const lines = request.body as Record<string, unknown>[];
      for (let at = 0; at < lines.length; at += 2) {
        const id = ids[at / 2] as string;
        if (id !== 'id-0004') fedIndex?.documents.set(id, lines[at + 1]);
      }
      return { body: bulkAnswer(fedIndexOf(cluster), ids, { 'id-0004': ITEM_FAILURES.mappingConflict }) };
    });
    const error = await failureOf(index.feed(storeSource(storedCompanies(10), 5)));

    expect(String(error)).toMatch(/rejected 1 of 10 companies.*id-0004.*tolerance of 0/);
    expect(cluster.aliasTargets('companies')).toEqual(['companies-initial']);
    expect(cluster.indices.get(PROGRESS)?.documents.has('current')).toBe(false);
    expect([...cluster.indices.keys()].filter((name) => name.startsWith('companies-fed-'))).toEqual([]);
  });

  it('does not meet a rejected company again when it resumes: the rejection counts as done for progress', async () => {
    const { cluster, index } = companyIndexOnFake({ bulk: { flushBytes: 6_000, concurrency: 1 }, rejectionTolerance: 0.1 });
    const companies = storedCompanies(40).map((company) => (company.id === 'id-0001' ? { ...company, name: 'x'.repeat(5_000) } : company));
    const connection = dropConnectionAfter(cluster, 3);
    await failureOf(index.feed(storeSource(companies, 5)));
    const progress = cluster.indices.get(PROGRESS)?.documents.get('current') as { after_id: string; fed: number };
    expect(progress.fed).toBeGreaterThan(0);

    connection.restore();
    const bulksBefore = cluster.requestsTo('POST', /^\/_bulk$/).length;
    const outcome = await index.feed(storeSource(companies, 5));
    expect(outcome.resumedAfter).toBe(progress.after_id);
    expect(cluster.requestsTo('POST', /^\/_bulk$/).slice(bulksBefore).flatMap(bulkIds)).not.toContain('id-0001');
    expect(cluster.indices.get(outcome.index)?.documents.size).toBe(39);
  });

  it('tells changed data with the same count from the fed data, by the data version recorded in the live index', async () => {
    const { cluster, index } = companyIndexOnFake();
    const companies = storedCompanies(20);
    const first = await index.feed(storeSource(companies, 10, 'load-1'));
    expect(cluster.indices.get(first.index)?.mappings._meta).toMatchObject({ mapping_version: MAPPING_VERSION, data_version: 'load-1' });
    await expect(index.isFedWith('load-1')).resolves.toBe(true);
    await expect(index.isFedWith('load-2')).resolves.toBe(false);

    const changed = companies.map((company) => ({ ...company, name: `${company.name} (renamed)` }));
    const second = await index.feed(storeSource(changed, 10, 'load-2'));
    expect(second.companies).toBe(20);
    expect(cluster.indices.get(second.index)?.documents.get('id-0003')).toMatchObject({ name: 'Company 3 (renamed)' });
    await expect(index.isFedWith('load-2')).resolves.toBe(true);
  });

  it('does not resume an interrupted feed of other data with the same count', async () => {
    const { cluster, index } = companyIndexOnFake({ bulk: { flushBytes: 6_000, concurrency: 1 } });
    const connection = dropConnectionAfter(cluster, 2);
    await failureOf(index.feed(storeSource(storedCompanies(40), 5, 'load-1')));
    const abandoned = fedIndexOf(cluster);
    connection.restore();

    const source = storeSource(storedCompanies(40), 5, 'load-2');
    const outcome = await index.feed(source);
    expect(outcome.resumedAfter).toBeUndefined();
    expect(source.readsAfter).toEqual([undefined]);
    expect(cluster.indices.has(abandoned)).toBe(false);
  });

  it('keeps the replaced index for the configured time, so the alias can be pointed back, then deletes it', async () => {
    const { cluster, index } = companyIndexOnFake({ keepPreviousForMs: 60 * 60 * 1_000 });
    const first = await index.feed(storeSource(storedCompanies(5), 5, 'load-1'));
    const second = await index.feed(storeSource(storedCompanies(5), 5, 'load-2'));
    expect(cluster.aliasTargets('companies')).toEqual([second.index]);
    expect(cluster.indices.get(first.index)?.documents.size).toBe(5);

    // An hour later the next feed deletes the indices retired more than an hour before.
    const retired = cluster.indices.get(first.index)?.mappings._meta as { retired_at: string };
    retired.retired_at = new Date(Date.now() - 2 * 60 * 60 * 1_000).toISOString();
    const third = await index.feed(storeSource(storedCompanies(5), 5, 'load-3'));
    expect(cluster.indices.has(first.index)).toBe(false);
    expect(cluster.indices.has(second.index)).toBe(true);
    expect(cluster.aliasTargets('companies')).toEqual([third.index]);
  });

  it('never deletes a retired index an operator pointed the alias back at', async () => {
    const { cluster, index } = companyIndexOnFake({ keepPreviousForMs: 0 });
    cluster.createIndex('companies-fed-20260101000000-back', { aliases: ['companies'] }).mappings = { _meta: { retired_at: '2026-01-01T00:00:00.000Z' } };
    await index.feed(storeSource(storedCompanies(5), 5));
    // The feed retired it again and deleted it; before the feed, though, it served and stayed.
    expect(cluster.requestsTo('DELETE', /^\/companies-fed-20260101000000-back$/)).toHaveLength(1);
    expect(cluster.requests.findIndex((request) => request.method === 'DELETE' && request.path.includes('-back'))).toBeGreaterThan(
      cluster.requests.findIndex((request) => request.method === 'POST' && request.path === '/_aliases'),
    );
  });

  it('deletes the replaced index at once when asked to keep it for no time', async () => {
    const { cluster, index } = companyIndexOnFake({ keepPreviousForMs: 0 });
    const outcome = await index.feed(storeSource(storedCompanies(5), 5));
    expect(cluster.indices.has('companies-initial')).toBe(false);
    expect([...cluster.indices.keys()].filter((name) => name !== PROGRESS && name !== VIEWS)).toEqual([outcome.index]);
    // The precomputed facets of the deleted index went with it.
    expect([...(cluster.indices.get(VIEWS)?.documents.keys() ?? [])].every((id) => id.startsWith(`${outcome.index}:`))).toBe(true);
  });

  it('goes live with replicas unassigned when the cluster stays yellow past the wait, saying so', async () => {
    const { cluster, index, logs } = companyIndexOnFake({ greenTimeout: '1s' });
    cluster.health = 'yellow';
    const outcome = await index.feed(storeSource(storedCompanies(5), 5));
    expect(cluster.aliasTargets('companies')).toEqual([outcome.index]);
    expect(cluster.requestsTo('GET', /^\/_cluster\/health\//)[0]?.params.get('timeout')).toBe('1s');
    expect(logs.some((entry) => entry.level === WARN && /not green/.test(entry.msg))).toBe(true);
  });

  it('waits for green longer than one request may take, and still goes live yellow when the wait runs out', async () => {
    // Production's wait (10 minutes) outlasts the write client's request timeout (120 s).
    const { cluster, index, logs } = companyIndexOnFake({ greenTimeout: '10m' });
    cluster.health = 'yellow';
    const outcome = await index.feed(storeSource(storedCompanies(5), 5));
    expect(cluster.aliasTargets('companies')).toEqual([outcome.index]);
    expect(logs.some((entry) => entry.level === WARN && /not green/.test(entry.msg))).toBe(true);
  });

  it('replaces an index named like the alias (from before aliases) in the same atomic step', async () => {
    const { cluster, index } = companyIndexOnFake();
    cluster.createIndex('companies', { documents: { old: { id: 'old' } } });
    const outcome = await index.feed(storeSource(storedCompanies(3), 5));
    const actions = (cluster.requestsTo('POST', /^\/_aliases$/)[0]?.body as { actions: unknown[] }).actions;
    expect(actions).toEqual([{ add: { index: outcome.index, alias: 'companies', is_write_index: true } }, { remove_index: { index: 'companies' } }]);
    expect(cluster.resolve('companies').map((fedIndex) => fedIndex.name)).toEqual([outcome.index]);
  });
});
