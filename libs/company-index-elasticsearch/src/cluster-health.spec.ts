import { errors } from '@elastic/elasticsearch';
import { metricsRegistry } from '@radar/platform/metrics';
import { createSearchClient } from './cluster-client';
import { reportClusterHealth } from './cluster-health';
import { FakeCluster } from '../test/fake-cluster';

const scraped = async (): Promise<string> => metricsRegistry.getSingleMetricAsString('radar_elasticsearch_cluster_status');

describe('cluster health as a metric', () => {
  it('reports the status when scraped: 0 green, 1 yellow, 3 unreachable', async () => {
    const cluster = new FakeCluster();
    const stop = reportClusterHealth(createSearchClient({ node: 'http://127.0.0.1:9200' }, { requestTimeoutMs: 1_000, maxRetries: 0, Connection: cluster.connectionClass() }));
    try {
      expect(await scraped()).toMatch(/^radar_elasticsearch_cluster_status 0$/m);
      cluster.health = 'yellow';
      expect(await scraped()).toMatch(/^radar_elasticsearch_cluster_status 1$/m);
      cluster.on('GET', /^\/_cluster\/health$/, () => {
        throw new errors.ConnectionError('connect ECONNREFUSED');
      });
      expect(await scraped()).toMatch(/^radar_elasticsearch_cluster_status 3$/m);
      expect(cluster.requestsTo('GET', /^\/_cluster\/health$/)).toHaveLength(3);
    } finally {
      stop();
    }
  });
});
