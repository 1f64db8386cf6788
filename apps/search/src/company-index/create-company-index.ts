import type { Pool } from 'pg';
import type { Logger } from '@radar/platform/logger';
import type { CompanyIndex } from './company-index';
import { createElasticsearchCompanyIndex } from './elasticsearch';
import { PostgresCompanyIndex } from './postgres/postgres-company-index';

export type CompanyIndexBackend = 'postgres' | 'elasticsearch';

export interface CompanyIndexSettings {
  /** ELASTICSEARCH_URL: set selects Elasticsearch, unset the embedded PostgreSQL index. */
  elasticsearchUrl?: string;
  elasticsearchIndex: string;
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
  /** Around feeding a whole dataset: settings that make a bulk load cheap, and back. */
  bulkLoad?: { begin(): Promise<void>; end(): Promise<void> };
  /** Releases the back-end's own connections (the PostgreSQL index uses the service's pool). */
  close(): Promise<void>;
}

/** The one place that chooses the search back-end. */
export function createCompanyIndex(settings: CompanyIndexSettings): SelectedCompanyIndex {
  if (settings.elasticsearchUrl) {
    const index = createElasticsearchCompanyIndex({
      url: settings.elasticsearchUrl,
      indexName: settings.elasticsearchIndex,
      logger: settings.logger,
    });
    return {
      index,
      backend: 'elasticsearch',
      needsFeeding: true,
      bulkLoad: { begin: () => index.beginBulkLoad(), end: () => index.endBulkLoad() },
      close: () => index.close(),
    };
  }
  const index = new PostgresCompanyIndex(settings.pool, {
    onBackgroundError: (error) => settings.logger.warn({ err: error }, 'loading the keyword search columns failed; keyword searches count live meanwhile'),
  });
  return { index, backend: 'postgres', needsFeeding: false, close: async () => undefined };
}
