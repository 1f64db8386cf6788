import { Client, type BaseConnection } from '@elastic/elasticsearch';
import type { Logger } from '@radar/platform/logger';
import { DEVELOPMENT_LAYOUT, type IndexLayout } from './company-index-definition';
import { ElasticsearchCompanyIndex } from './elasticsearch-company-index';

export { ElasticsearchCompanyIndex } from './elasticsearch-company-index';
export { BulkUpsertError, type BulkItemFailure } from './bulk-upsert';
export { DEVELOPMENT_LAYOUT, type IndexLayout } from './company-index-definition';

export interface ElasticsearchCompanyIndexConfig {
  /** ELASTICSEARCH_URL, e.g. `http://127.0.0.1:9200`; credentials may ride in the URL. */
  url: string;
  indexName: string;
  logger: Logger;
  /** Shards, replicas, refresh interval; defaults to a single-node development layout. */
  layout?: Partial<IndexLayout>;
  /** Per-request timeout in milliseconds. */
  requestTimeoutMs?: number;
  /** Retries of a failed request (connection error, 502-504) within one call, with backoff. */
  maxRetries?: number;
  /** Replaces the HTTP connection class, e.g. by an in-process fake in tests. */
  Connection?: typeof BaseConnection;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** A node restart or a brief overload is ridden out; a cluster that stays down soon answers 503. */
const DEFAULT_MAX_RETRIES = 2;

/** The Elasticsearch CompanyIndex of a service whose ELASTICSEARCH_URL is set. */
export function createElasticsearchCompanyIndex(config: ElasticsearchCompanyIndexConfig): ElasticsearchCompanyIndex {
  const client = new Client({
    node: config.url,
    requestTimeout: config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxRetries: config.maxRetries ?? DEFAULT_MAX_RETRIES,
    ...(config.Connection === undefined ? {} : { Connection: config.Connection }),
  });
  return new ElasticsearchCompanyIndex({
    client,
    indexName: config.indexName,
    logger: config.logger,
    layout: { ...DEVELOPMENT_LAYOUT, ...config.layout },
  });
}
