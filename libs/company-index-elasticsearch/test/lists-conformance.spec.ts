import { describeCompanyListsConformance } from '@radar/company-index/testing';
import { clusterOfEnvironment, FAKE_CLUSTER_ENGINE, realClusterEngine } from './conformance-engines';

describeCompanyListsConformance('Elasticsearch on the fake cluster', FAKE_CLUSTER_ENGINE);

const cluster = clusterOfEnvironment();
if (cluster) describeCompanyListsConformance(`Elasticsearch at ${cluster.node} (3 shards, 1 replica)`, realClusterEngine(cluster));
