import { Client } from '@elastic/elasticsearch';
import { Pool } from 'pg';
import type { ConformanceEngine, OpenedIndex } from '@radar/company-index/testing';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';
import { connectionOptions, createElasticsearchCompanyIndex, type ElasticsearchCluster, type ElasticsearchCompanyIndex } from '../src';

export { clusterOfEnvironment } from '../src';
import { companyIndexOnFake } from './company-index-on-fake';

/**
 * An opened index, with PostgreSQL beside it, where the conformance oracle reads text as the
 * english configuration does; closing it closes both, then does what `cleanUp` says.
 */
function opened(index: ElasticsearchCompanyIndex, cleanUp: () => Promise<void> = async () => undefined): OpenedIndex {
  const textSearch = new Pool({ connectionString: testInfrastructure.postgresUrl, max: 1 });
  return {
    index,
    textSearch,
    close: async () => {
      await Promise.all([index.close(), textSearch.end()]);
      await cleanUp();
    },
  };
}

/** The engine on a fake cluster of its own per opened index (fake-cluster.ts). */
export const FAKE_CLUSTER_ENGINE: ConformanceEngine = {
  open: async () => opened(companyIndexOnFake().index),
};

/**
 * The engine on a real cluster, each opened index under an alias of its own in the production
 * layout: several shards (so each holds only part of the match set, and facet counts and
 * scores must still come out exact) and a replica (unassigned on a single node, which the
 * searches must not mind). Closing deletes every index it made, by name (clusters refuse
 * wildcard deletes by default).
 */
export function realClusterEngine(cluster: ElasticsearchCluster): ConformanceEngine {
  return {
    async open() {
      const alias = `radar-conformance-${uniqueSuffix()}`;
      const index = createElasticsearchCompanyIndex({ cluster, indexName: alias, layout: { shards: 3, replicas: 1, refreshInterval: '1s' }, logger: silentLogger() });
      return opened(index, async () => {
        const client = new Client(connectionOptions(cluster, { requestTimeoutMs: 30_000, maxRetries: 2 }));
        const made = Object.keys(await client.indices.get({ index: `${alias}*` }));
        if (made.length > 0) await client.indices.delete({ index: made }, { ignore: [404] });
        await client.close();
      });
    },
  };
}
