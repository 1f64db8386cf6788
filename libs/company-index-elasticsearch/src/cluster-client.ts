import { readFileSync } from 'node:fs';
import { Client, type BaseConnection, type ClientOptions } from '@elastic/elasticsearch';
import { backOffTransport, type RetryListener } from './back-off-transport';
import type { BackOff } from './back-off';

/** How to reach and log in to the cluster (ELASTICSEARCH_* in config.ts). */
export interface ElasticsearchCluster {
  /** A node's URL, e.g. `https://search-es-http:9200`; credentials may ride in it. */
  node?: string;
  /** An Elastic Cloud deployment's cloud id, instead of a node URL. */
  cloudId?: string;
  auth?: { apiKey: string } | { username: string; password: string };
  /** A PEM file with the CA that signed the cluster's HTTP certificate (a self-managed or ECK cluster). */
  caFile?: string;
}

/**
 * The cluster at ELASTICSEARCH_URL, logged in as ELASTICSEARCH_API_KEY or _USERNAME and
 * _PASSWORD say, trusting ELASTICSEARCH_CA_FILE when set; undefined without a URL. For the
 * checks against a real cluster (conformance suites, `npm run verify:elasticsearch`); the
 * search service validates the same variables in its own configuration.
 */
export function clusterOfEnvironment(environment: NodeJS.ProcessEnv = process.env): ElasticsearchCluster | undefined {
  const node = environment.ELASTICSEARCH_URL;
  if (node === undefined || node === '') return undefined;
  const { ELASTICSEARCH_API_KEY: apiKey, ELASTICSEARCH_USERNAME: username, ELASTICSEARCH_PASSWORD: password, ELASTICSEARCH_CA_FILE: caFile } = environment;
  const auth = apiKey ? { apiKey } : username && password ? { username, password } : undefined;
  return { node, ...(auth === undefined ? {} : { auth }), ...(caFile ? { caFile } : {}) };
}

export interface ClusterClientOptions {
  requestTimeoutMs: number;
  /** The client's own retries (connection errors, and 502-504 at once). */
  maxRetries: number;
  /** Replaces the HTTP connection class, e.g. by an in-process fake in tests. */
  Connection?: typeof BaseConnection;
}

function readCa(caFile: string): Buffer {
  try {
    return readFileSync(caFile);
  } catch (error) {
    throw new Error(`ELASTICSEARCH_CA_FILE ${caFile} cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The client options every client of the cluster shares: where, who, which CA. */
export function connectionOptions(cluster: ElasticsearchCluster, options: ClusterClientOptions): ClientOptions {
  if ((cluster.node === undefined) === (cluster.cloudId === undefined)) {
    throw new Error('An Elasticsearch cluster is reached through a node URL or a cloud id, exactly one of them');
  }
  return {
    ...(cluster.node === undefined ? {} : { node: cluster.node }),
    ...(cluster.cloudId === undefined ? {} : { cloud: { id: cluster.cloudId } }),
    ...(cluster.auth === undefined ? {} : { auth: cluster.auth }),
    ...(cluster.caFile === undefined ? {} : { tls: { ca: readCa(cluster.caFile) } }),
    requestTimeout: options.requestTimeoutMs,
    maxRetries: options.maxRetries,
    ...(options.Connection === undefined ? {} : { Connection: options.Connection }),
  };
}

/** The client searches and counts go through: a cluster that does not answer soon becomes a 503. */
export function createSearchClient(cluster: ElasticsearchCluster, options: ClusterClientOptions): Client {
  return new Client(connectionOptions(cluster, options));
}

/**
 * The client feeds and upserts go through: each request the cluster refuses for now is sent
 * again after an exponential back-off (and the client's immediate retries are off, so a
 * refused request waits before every retry).
 */
export function createWriteClient(cluster: ElasticsearchCluster, options: ClusterClientOptions, backOff: BackOff, onRetry?: RetryListener): Client {
  return new Client({ ...connectionOptions(cluster, options), maxRetries: 0, Transport: backOffTransport(backOff, onRetry) });
}
