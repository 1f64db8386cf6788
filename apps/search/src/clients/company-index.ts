import type { Pool } from 'pg';
import type { Logger } from '@radar/platform/logger';
import type { CompanyIndex } from '@radar/company-index';
import { createElasticsearchCompanyIndex, type ElasticsearchSettings, type FeedOutcome, type FeedSource } from '@radar/company-index-elasticsearch';
import { PostgresCompanyIndex } from '@radar/company-index-postgres';

export type CompanyIndexBackend = 'postgres' | 'elasticsearch';

export interface CompanyIndexSettings {
  /** Set (ELASTICSEARCH_URL or ELASTICSEARCH_CLOUD_ID configured) selects Elasticsearch; unset, the embedded PostgreSQL index. */
  elasticsearch?: ElasticsearchSettings;
  /** The search database: the company store, and the PostgreSQL index itself. */
  pool: Pool;
  logger: Logger;
}

export interface SelectedCompanyIndex {
  index: CompanyIndex;
  backend: CompanyIndexBackend;
  /**
   * True when the index is a separate copy of the company store that a dataset load has to
   * feed (Elasticsearch); false when the store's own tables are the index (PostgreSQL).
   */
  needsFeeding: boolean;
  /** Copies the whole store into a new index and makes it the live one (Elasticsearch). */
  feed?(source: FeedSource): Promise<FeedOutcome>;
  /** Readiness of a separate index: whether this pod can serve from it, without asking the cluster each time (Elasticsearch). */
  readyToServe?(): Promise<void>;
  /** Whether the live index holds the store's data of this version (Elasticsearch). */
  isFedWith?(dataVersion: string): Promise<boolean>;
  /** Releases the back-end's own connections (the PostgreSQL index uses the service's pool). */
  close(): Promise<void>;
}

/** The one place that chooses the search back-end. */
export function createCompanyIndex(settings: CompanyIndexSettings): SelectedCompanyIndex {
  if (settings.elasticsearch) {
    const { index: indexName, ...elasticsearch } = settings.elasticsearch;
    const index = createElasticsearchCompanyIndex({ ...elasticsearch, indexName, logger: settings.logger });
    return {
      index,
      backend: 'elasticsearch',
      needsFeeding: true,
      feed: (source) => index.feed(source),
      isFedWith: (dataVersion) => index.isFedWith(dataVersion),
      readyToServe: () => index.readyToServe(),
      close: () => index.close(),
    };
  }
  const index = new PostgresCompanyIndex(settings.pool, {
    onBackgroundError: (error) => settings.logger.warn({ err: error }, 'loading the keyword search columns failed; keyword searches count live meanwhile'),
  });
  return { index, backend: 'postgres', needsFeeding: false, close: async () => undefined };
}
