import { Client } from '@elastic/elasticsearch';
import { silentLogger, uniqueSuffix } from '@radar/platform/testing';
import { createCompanyIndex } from '../../src/company-index/create-company-index';
import { describeCompanyIndexConformance } from './company-index.conformance';

const url = process.env.ELASTICSEARCH_URL;

if (url) {
  const indexName = `radar-conformance-${uniqueSuffix()}`;
  describeCompanyIndexConformance(`Elasticsearch at ${url}`, {
    companyIndex: (pool) => {
      const selected = createCompanyIndex({ pool, logger: silentLogger(), elasticsearchUrl: url, elasticsearchIndex: indexName });
      if (selected.backend !== 'elasticsearch') throw new Error(`expected the Elasticsearch back-end, got ${selected.backend}`);
      return selected;
    },
    cleanup: async () => {
      const client = new Client({ node: url });
      await client.indices.delete({ index: indexName }, { ignore: [404] });
      await client.close();
    },
  });
} else {
  // No Elasticsearch on this machine (spec/platform.md): the same suite runs wherever ELASTICSEARCH_URL is set.
  describe.skip('search conformance: Elasticsearch (skipped: ELASTICSEARCH_URL is not set)', () => {
    it('runs the conformance suite against the cluster at ELASTICSEARCH_URL', () => undefined);
  });
}
