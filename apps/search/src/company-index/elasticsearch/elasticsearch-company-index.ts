import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import type { Logger } from '@radar/platform/logger';
import type { CompanyIndex, IndexedCompany, NormalizedFilters, PagePosition, SearchPage, SortSpec } from '../company-index';
import { assertBulkSucceeded, BULK_BATCH_SIZE, buildBulkOperations } from './bulk-upsert';
import {
  BULK_LOAD_SETTINGS,
  COMPANY_MAPPINGS,
  companyIndexSettings,
  steadyStateSettings,
  type IndexLayout,
} from './company-index-definition';
import { buildCompanyQuery, buildCompanyQueryAmong } from './company-query';
import { buildIdBatchRequest, buildSearchRequest } from './search-request';
import { parseSearchPage } from './search-response';
import { effectiveSort } from './sort-clause';
import { translateClusterError } from './unavailable-cluster';

/** Ids per matchingIds round trip: export sources ask for up to 10,000 in a few requests. */
export const ID_BATCH_SIZE = 1_000;

/**
 * Ids per countAmong request: below index.max_terms_count (65,536) with room to spare, and a
 * body of about 400 KB. A workspace with more saved companies is counted in several requests.
 */
export const COUNT_AMONG_BATCH_SIZE = 10_000;

export interface ElasticsearchCompanyIndexOptions {
  client: Client;
  indexName: string;
  logger: Logger;
  layout: IndexLayout;
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

function isAlreadyExists(error: unknown): boolean {
  if (!(error instanceof errors.ResponseError) || error.statusCode !== 400) return false;
  const body: unknown = error.body;
  const type = (body as { error?: { type?: unknown } } | undefined)?.error?.type;
  return type === 'resource_already_exists_exception';
}

/**
 * CompanyIndex on Elasticsearch 8. The index is created with its mapping on first use when it
 * does not exist; everything else translates the interface's filters, sorts and positions
 * into query DSL and back.
 */
export class ElasticsearchCompanyIndex implements CompanyIndex {
  private readonly client: Client;
  private readonly indexName: string;
  private readonly logger: Logger;
  private readonly layout: IndexLayout;
  private ready: Promise<void> | undefined;

  constructor(options: ElasticsearchCompanyIndexOptions) {
    this.client = options.client;
    this.indexName = options.indexName;
    this.logger = options.logger;
    this.layout = options.layout;
  }

  /** Creates the index with its settings and mapping unless it exists. Safe to call often. */
  ensureIndex(): Promise<void> {
    // Remembered once it succeeds; a failure is forgotten so the next call tries again.
    this.ready ??= this.createIfMissing().catch((error: unknown) => {
      this.ready = undefined;
      throw translateClusterError(error);
    });
    return this.ready;
  }

  async search(filters: NormalizedFilters, sort: SortSpec, limit: number, after?: PagePosition): Promise<SearchPage> {
    await this.ensureIndex();
    const ordering = effectiveSort(sort, filters);
    const request = buildSearchRequest(this.indexName, filters, ordering, limit, after);
    const response = await this.call(() => this.client.search<unknown>(request));
    return parseSearchPage(response, ordering, limit);
  }

  async count(filters: NormalizedFilters): Promise<number> {
    await this.ensureIndex();
    const response = await this.call(() => this.client.count({ index: this.indexName, query: buildCompanyQuery(filters) }));
    return response.count;
  }

  async countAmong(filters: NormalizedFilters, companyIds: string[]): Promise<number> {
    // Distinct ids, so batches are disjoint and their counts add up.
    const ids = [...new Set(companyIds)];
    if (ids.length === 0) return 0;
    await this.ensureIndex();
    let total = 0;
    for (const batch of chunks(ids, COUNT_AMONG_BATCH_SIZE)) {
      const response = await this.call(() =>
        this.client.count({ index: this.indexName, query: buildCompanyQueryAmong(filters, batch) }),
      );
      total += response.count;
    }
    return total;
  }

  async matchingIds(filters: NormalizedFilters, sort: SortSpec, max: number): Promise<string[]> {
    if (max <= 0) return [];
    await this.ensureIndex();
    const ordering = effectiveSort(sort, filters);
    const ids: string[] = [];
    let after: estypes.SortResults | undefined;
    while (ids.length < max) {
      const size = Math.min(ID_BATCH_SIZE, max - ids.length);
      const request = buildIdBatchRequest(this.indexName, filters, ordering, size, after);
      const response = await this.call(() => this.client.search(request));
      const hits = response.hits.hits;
      for (const hit of hits) if (hit._id !== undefined) ids.push(hit._id);
      const last = hits.at(-1);
      if (hits.length < size || last?.sort === undefined) break;
      after = last.sort;
    }
    return ids;
  }

  async upsert(companies: IndexedCompany[]): Promise<void> {
    if (companies.length === 0) return;
    await this.ensureIndex();
    for (const batch of chunks(companies, BULK_BATCH_SIZE)) {
      const response = await this.call(() => this.client.bulk({ operations: buildBulkOperations(this.indexName, batch) }));
      try {
        assertBulkSucceeded(response, batch.length);
      } catch (error) {
        this.logger.error({ err: error, index: this.indexName }, 'bulk upsert of companies partly failed');
        throw error;
      }
    }
  }

  async refresh(): Promise<void> {
    await this.ensureIndex();
    await this.call(() => this.client.indices.refresh({ index: this.indexName }));
  }

  /**
   * Before loading millions of companies: no periodic refresh and no replicas, so each document
   * is written once and segments are not flushed every second. Searches during the load see
   * the index as it was at the last refresh.
   */
  async beginBulkLoad(): Promise<void> {
    await this.ensureIndex();
    await this.call(() => this.client.indices.putSettings({ index: this.indexName, settings: BULK_LOAD_SETTINGS }));
    this.logger.info({ index: this.indexName }, 'company index in bulk-load mode');
  }

  /** After a load: the configured refresh interval and replicas back, and the load made visible. */
  async endBulkLoad(): Promise<void> {
    await this.ensureIndex();
    await this.call(() => this.client.indices.putSettings({ index: this.indexName, settings: steadyStateSettings(this.layout) }));
    await this.refresh();
    this.logger.info({ index: this.indexName }, 'company index back to steady-state settings');
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    await this.client.close();
  }

  private async createIfMissing(): Promise<void> {
    const exists = await this.client.indices.exists({ index: this.indexName });
    if (exists) return;
    try {
      await this.client.indices.create({
        index: this.indexName,
        settings: companyIndexSettings(this.layout),
        mappings: COMPANY_MAPPINGS,
      });
      this.logger.info({ index: this.indexName, layout: this.layout }, 'created the company index');
    } catch (error) {
      // Another replica of the service created it between our check and our create.
      if (!isAlreadyExists(error)) throw error;
    }
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw translateClusterError(error);
    }
  }
}
