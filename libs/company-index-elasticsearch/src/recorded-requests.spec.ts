import { Client } from '@elastic/elasticsearch';
import { nameWords, type SortSpec } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { buildCompanyQuery } from './company-query';
import { DEFAULT_FACET_SHARD_SIZES } from './facet-aggregations';
import { domainOwnersRequest } from './lookup/domain-owners';
import { knownCountriesRequest, nameCandidatesRequest } from './lookup/name-candidates';
import { buildHitsRequest, buildSummaryRequest, randomSessionToken, sessionPreference, summariesRequest } from './search-request';
import { storedTermsRequest } from './similar/terms-rebuild';
import { companyIndexOnFake } from '../test/company-index-on-fake';
import { FakeCluster, type RecordedRequest } from '../test/fake-cluster';
import { RECORDED_HITS_REQUEST, RECORDED_LIST_REQUESTS, RECORDED_QUERIES, RECORDED_SUMMARY_REQUEST } from '../test/recorded-requests';
import { EMPTY_FACETS, searchAnswerTo } from '../test/recorded-responses';

const byScore: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };

describe('the query builder against the recorded requests', () => {
  it.each(Object.entries(RECORDED_QUERIES))('builds %s as recorded', (_name, { filters, query }) => {
    expect(buildCompanyQuery(filters)).toEqual(query);
  });

  it('sends a page and its summary with the recorded parameters and bodies', async () => {
    const cluster = new FakeCluster();
    cluster.on('POST', /\/_search$/, (request) => ({ body: searchAnswerTo(request.body, { hits: [], aggregations: EMPTY_FACETS }) }));
    const client = new Client({ node: 'http://127.0.0.1:9200', Connection: cluster.connectionClass() });
    const filters = { query: 'logistics', countries: ['Germany'] };
    const preference = sessionPreference(randomSessionToken());
    await client.search(buildHitsRequest('companies', filters, byScore, 20, { key: 12, id: '0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d' }, preference));
    await client.search(buildSummaryRequest('companies', filters, DEFAULT_FACET_SHARD_SIZES, preference));

    const [hits, summary] = cluster.requestsTo('POST', /^\/companies\/_search$/);
    expect(Object.fromEntries(hits?.params ?? [])).toEqual({ ...RECORDED_HITS_REQUEST.querystring, preference: expect.stringMatching(RECORDED_HITS_REQUEST.querystring.preference) });
    expect(hits?.body).toEqual(RECORDED_HITS_REQUEST.body);
    expect(Object.fromEntries(summary?.params ?? [])).toEqual({
      ...RECORDED_SUMMARY_REQUEST.querystring,
      preference: expect.stringMatching(RECORDED_SUMMARY_REQUEST.querystring.preference),
    });
    expect(summary?.body).toEqual(RECORDED_SUMMARY_REQUEST.body);
    // Both requests of one search read the same shard copies.
    expect(hits?.params.get('preference')).toBe(summary?.params.get('preference'));
  });
});

/** A request as the client put it on the wire: its body, with the querystring's parameters beside it. */
function asSent(request: RecordedRequest | undefined): Record<string, unknown> {
  if (request === undefined) throw new Error('the request was not sent');
  const params = Object.fromEntries([...request.params].map(([key, value]) => [key, value === 'false' ? false : value === 'true' ? true : value]));
  return { ...(request.body as Record<string, unknown>), ...params };
}

/**
 * A recorded request as the adapter sends it to `/companies/_search`: the index in the path,
 * the preference any of its form, and the searches' time budget beside it.
 */
function expectedOnTheWire({ index: _index, preference, ...rest }: { index: string; preference?: RegExp } & Record<string, unknown>): Record<string, unknown> {
  return { ...rest, timeout: expect.any(String), ...(preference === undefined ? {} : { preference: expect.stringMatching(preference) }) };
}

const SEED = anIndexedCompany({ description: 'Cloud analytics.' });

describe('the requests of lookups and similar companies against the recorded ones', () => {
  it('builds the lookups\' requests as recorded', () => {
    expect(domainOwnersRequest('companies', ['acme.co.uk', 'jobs.acme.co.uk'])).toEqual(RECORDED_LIST_REQUESTS.domainOwners);
    expect(nameCandidatesRequest('companies', nameWords('Northwind Analytics GmbH'), 'Germany')).toEqual(RECORDED_LIST_REQUESTS.nameCandidates);
    expect(knownCountriesRequest('companies', ['Germany', 'Atlantis'])).toEqual(RECORDED_LIST_REQUESTS.knownCountries);
    expect(summariesRequest('companies', [SEED.id])).toEqual(RECORDED_LIST_REQUESTS.summaries);
    expect(storedTermsRequest('companies')).toEqual(RECORDED_LIST_REQUESTS.storedTerms);
  });

  it('sends the names of a lookup as one multi search, each with its header', async () => {
    const { cluster, index } = companyIndexOnFake();
    await index.upsert([SEED]);
    await index.nameCandidates([{ name: 'Northwind Analytics GmbH', country: 'Germany' }, { name: 'Acme' }, { name: 'Acme', country: 'Atlantis' }]);
    const [search] = cluster.requestsTo('POST', /^\/_msearch$/);
    const [header, body, secondHeader] = search?.body as Record<string, unknown>[];
    expect(header).toEqual({ index: 'companies', allow_partial_search_results: false });
    expect(body).toEqual(expectedOnTheWire({ ...RECORDED_LIST_REQUESTS.nameCandidates, allow_partial_search_results: undefined }));
    expect(secondHeader).toEqual(header);
    expect(asSent(cluster.requestsTo('POST', /^\/companies\/_search$/)[0])).toEqual(expectedOnTheWire(RECORDED_LIST_REQUESTS.knownCountries));
  });

  it('asks for the seeds, the more_like_this candidates and the bounded candidates of similar companies as recorded', async () => {
    const { cluster, index } = companyIndexOnFake();
    await index.upsert([SEED, anIndexedCompany({ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Lumen', description: null })]);
    await index.refresh();
    const before = cluster.requestsTo('POST', /^\/companies\/_search$/).length;
    await index.similar({ seedIds: [SEED.id], limit: 20 });
    const [seeds, likeSeeds, bounded] = cluster.requestsTo('POST', /^\/companies\/_search$/).slice(before);
    expect(asSent(seeds)).toEqual(expectedOnTheWire(RECORDED_LIST_REQUESTS.seeds));
    expect(asSent(likeSeeds)).toEqual(expectedOnTheWire(RECORDED_LIST_REQUESTS.likeSeeds));
    expect(asSent(bounded)).toEqual(expectedOnTheWire(RECORDED_LIST_REQUESTS.boundedCandidates));
    expect(likeSeeds?.params.get('preference')).toBe(bounded?.params.get('preference'));
  });
});
