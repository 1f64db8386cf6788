import { Client } from '@elastic/elasticsearch';
import type { SortSpec } from '@radar/company-index';
import { buildCompanyQuery } from './company-query';
import { DEFAULT_FACET_SHARD_SIZES } from './facet-aggregations';
import { buildHitsRequest, buildSummaryRequest, searchPreference } from './search-request';
import { FakeCluster } from '../test/fake-cluster';
import { RECORDED_HITS_REQUEST, RECORDED_QUERIES, RECORDED_SUMMARY_REQUEST } from '../test/recorded-requests';
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
    const preference = searchPreference(filters, byScore);
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
