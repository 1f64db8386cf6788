import { describeCompanyIndexConformance } from '@radar/company-index/testing';
import { clusterOfEnvironment, realClusterEngine } from './conformance-engines';

// The search suite reads free text, which only a real cluster analyses (the fake refuses it).
const cluster = clusterOfEnvironment();
if (cluster) {
  describeCompanyIndexConformance(`Elasticsearch at ${cluster.node} (3 shards, 1 replica)`, realClusterEngine(cluster));
} else {
  describe.skip('search conformance: Elasticsearch (skipped: ELASTICSEARCH_URL is not set)', () => {
    it('runs the search conformance suite against the cluster at ELASTICSEARCH_URL', () => undefined);
  });
}
