import { Client } from '@elastic/elasticsearch';
import { silentLogger, TEST_SECRETS, uniqueSuffix } from '@radar/platform/testing';
import { createCompanyIndex } from '../../src/company-index/create-company-index';
import { connectionOptions } from '@radar/company-index-elasticsearch';
import { elasticsearchSettingsOf, searchConfig } from '../../src/config';
import { describeCompanyIndexConformance } from './company-index.conformance';

const url = process.env.ELASTICSEARCH_URL;

if (url) {
  const indexName = `radar-conformance-${uniqueSuffix()}`;
  // The production layout: several shards (so each holds only part of the match set, and facet
  // counts and scores must still come out exact) and a replica (on a single node it stays
  // unassigned, which the searches must not mind). Credentials and CA come from the environment
  // (ELASTICSEARCH_API_KEY, _USERNAME/_PASSWORD, _CA_FILE), read as the service reads them.
  const settings = elasticsearchSettingsOf(
    searchConfig.parse({ ...process.env, ...TEST_SECRETS, ELASTICSEARCH_INDEX: indexName, ELASTICSEARCH_SHARDS: '3', ELASTICSEARCH_REPLICAS: '1' }),
  );
  if (settings === undefined) throw new Error('ELASTICSEARCH_URL is set but names no cluster');

  describeCompanyIndexConformance(`Elasticsearch at ${url} (3 shards, 1 replica)`, {
    companyIndex: (pool) => {
      const selected = createCompanyIndex({ pool, logger: silentLogger(), elasticsearch: settings });
      if (selected.backend !== 'elasticsearch') throw new Error(`expected the Elasticsearch back-end, got ${selected.backend}`);
      return selected;
    },
    cleanup: async () => {
      const client = new Client(connectionOptions(settings.cluster, { requestTimeoutMs: 30_000, maxRetries: 2 }));
      // Every index the run made (the first index behind the alias, fed ones, the feed progress); names, not a wildcard, which clusters refuse to delete by default.
      const made = Object.keys(await client.indices.get({ index: `${indexName}*` }));
      if (made.length > 0) await client.indices.delete({ index: made }, { ignore: [404] });
      await client.close();
    },
  });
} else {
  // No Elasticsearch on this machine (spec/platform.md): the same suite runs wherever ELASTICSEARCH_URL is set.
  describe.skip('search conformance: Elasticsearch (skipped: ELASTICSEARCH_URL is not set)', () => {
    it('runs the conformance suite against the cluster at ELASTICSEARCH_URL', () => undefined);
  });
}
