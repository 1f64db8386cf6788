import type { BaseConnection, Client } from '@elastic/elasticsearch';
import type { Logger } from '@radar/platform/logger';
import { exponentialBackOff, type BackOff } from './back-off';
import { DEFAULT_BULK_UPSERT_SETTINGS, type BulkUpsertSettings } from './bulk-upsert';
import { createSearchClient, createWriteClient, type ElasticsearchCluster } from './cluster-client';
import { DEVELOPMENT_LAYOUT, type IndexLayout } from './company-index-definition';
import { DEFAULT_EXISTS_TTL_MS, ElasticsearchCompanyIndex } from './elasticsearch-company-index';
import { DEFAULT_GREEN_TIMEOUT } from './index-alias';
import { reloadingOnCaChange } from './reloading-client';
import { randomSessionToken } from './search-request';

export { ElasticsearchCompanyIndex } from './elasticsearch-company-index';
export { BulkUpsertError, type BulkItemFailure } from './bulk-upsert';
export { UnindexableCompanyError } from './indexable-company';
export { DEVELOPMENT_LAYOUT, type IndexLayout } from './company-index-definition';
export type { ElasticsearchCluster } from './cluster-client';
export type { FeedOutcome, FeedSource } from './company-feed';
export { toCompanyDocument, type CompanyDocument } from './company-document';
export { CharacteristicTerms } from './similar/characteristic-terms';

/** What the search service's configuration says about Elasticsearch (config.ts). */
export interface ElasticsearchSettings {
  cluster: ElasticsearchCluster;
  /** ELASTICSEARCH_INDEX: the alias of the live company index. */
  index: string;
  layout: IndexLayout;
  /** ELASTICSEARCH_SEARCH_BUDGET_MS: the time a search may take in all. */
  searchBudgetMs?: number;
  /** ELASTICSEARCH_FEED_REJECTION_TOLERANCE: the share of companies a feed may leave out as unindexable, in a dead-letter list (default 0.001: 0.1 %). */
  rejectionTolerance?: number;
  /** ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS: how long the index a feed replaced is kept so an operator can point the alias back (default a day). */
  keepPreviousForMs?: number;
}

export interface ElasticsearchCompanyIndexConfig extends Partial<Pick<ElasticsearchSettings, 'layout' | 'rejectionTolerance' | 'keepPreviousForMs'>> {
  cluster: ElasticsearchCluster;
  indexName: string;
  logger: Logger;
  /**
   * The time a search may take in all, in milliseconds (default 5 s): split between the first
   * request and its one retry, each asking the node to answer within most of its share.
   */
  searchBudgetMs?: number;
  /** The search client's retries of a request that failed to connect or met a 502-504: 0 or 1. */
  maxRetries?: number;
  /** Retries of a whole write request the cluster refused for now (429, 5xx, no connection). */
  writeBackOff?: BackOff;
  bulk?: Partial<BulkUpsertSettings>;
  existsTtlMs?: number;
  greenTimeout?: string;
  /** Replaces the HTTP connection class, e.g. by an in-process fake in tests. */
  Connection?: typeof BaseConnection;
  /** Draws a new search session's token (default: 128 random bits); tests give a deterministic one. */
  sessionTokens?: () => string;
}

/** Well inside the gateway's own budget for the call, so search answers 503 before the gateway gives up. */
const DEFAULT_SEARCH_BUDGET_MS = 5_000;
/** Of a request's share of the budget, what the node may spend before answering with what it has (timed_out, a 503). */
const NODE_SHARE_OF_REQUEST = 0.8;
/** 13,000 of 13 million: a few broken records do not block a feed, a broken export does. */
const DEFAULT_REJECTION_TOLERANCE = 0.001;
/** A day: long enough to notice a bad feed in the morning's figures, short enough not to hold two copies of the index for long. */
const DEFAULT_KEEP_PREVIOUS_FOR_MS = 24 * 60 * 60 * 1_000;
/** A bulk request of a few MB into a busy cluster may take a while; a search should not. */
const DEFAULT_WRITE_TIMEOUT_MS = 120_000;
/** One retry rides out a dropped connection; a second would only spend the budget on a cluster that stays down. */
const MAX_SEARCH_RETRIES = 1;
/** 0.5, 1, 2, 4 ... 30 s: about three minutes of an unreachable or overloaded cluster before a write gives up. */
const DEFAULT_WRITE_BACK_OFF = exponentialBackOff({ retries: 10, baseMs: 500, maxMs: 30_000 });

/** The client, rebuilt with the CA read again whenever ELASTICSEARCH_CA_FILE changes (reloading-client.ts). */
function withCaReload(config: ElasticsearchCompanyIndexConfig, build: () => Client): Client {
  const { caFile } = config.cluster;
  if (caFile === undefined) return build();
  return reloadingOnCaChange(build, caFile, (error) => {
    if (error === undefined) config.logger.info({ caFile }, 'Elasticsearch CA file changed; client rebuilt with the new CA');
    else config.logger.error({ err: error, caFile }, 'Elasticsearch CA file changed but cannot be read; the client keeps the previous CA');
  }).client;
}

/** The Elasticsearch CompanyIndex of a service whose configuration names a cluster. */
export function createElasticsearchCompanyIndex(config: ElasticsearchCompanyIndexConfig): ElasticsearchCompanyIndex {
  const connection = config.Connection === undefined ? {} : { Connection: config.Connection };
  const maxRetries = Math.min(config.maxRetries ?? MAX_SEARCH_RETRIES, MAX_SEARCH_RETRIES);
  const requestTimeoutMs = Math.floor((config.searchBudgetMs ?? DEFAULT_SEARCH_BUDGET_MS) / (1 + maxRetries));
  const searchClient = withCaReload(config, () => createSearchClient(config.cluster, { requestTimeoutMs, maxRetries, ...connection }));
  const writeClient = withCaReload(config, () => createWriteClient(
    config.cluster,
    { requestTimeoutMs: DEFAULT_WRITE_TIMEOUT_MS, maxRetries: 0, ...connection },
    config.writeBackOff ?? DEFAULT_WRITE_BACK_OFF,
    ({ error, retry, path }) => config.logger.warn({ err: error, retry, path }, 'Elasticsearch refused a write for now; retrying after a back-off'),
  ));
  return new ElasticsearchCompanyIndex({
    searchClient,
    writeClient,
    alias: config.indexName,
    logger: config.logger,
    layout: { ...DEVELOPMENT_LAYOUT, ...config.layout },
    bulk: { ...DEFAULT_BULK_UPSERT_SETTINGS, ...config.bulk },
    existsTtlMs: config.existsTtlMs ?? DEFAULT_EXISTS_TTL_MS,
    greenTimeout: config.greenTimeout ?? DEFAULT_GREEN_TIMEOUT,
    searchTimeout: `${Math.floor(requestTimeoutMs * NODE_SHARE_OF_REQUEST)}ms`,
    rejectionTolerance: config.rejectionTolerance ?? DEFAULT_REJECTION_TOLERANCE,
    keepPreviousForMs: config.keepPreviousForMs ?? DEFAULT_KEEP_PREVIOUS_FOR_MS,
    sessionTokens: config.sessionTokens ?? randomSessionToken,
  });
}
export { clusterOfEnvironment, connectionOptions } from './cluster-client';
