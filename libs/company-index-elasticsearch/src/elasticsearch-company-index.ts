import type { Client, estypes } from '@elastic/elasticsearch';
import type { CompanySummary } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { reportClusterHealth } from './cluster-health';
import type { Logger } from '@radar/platform/logger';
import type { CompanyIndex, DomainOwner, IndexedCompany, NameMatches, NameQuery, NormalizedFilters, PagePosition, SearchPage, SimilarMatch, SimilarQuery, SortSpec } from '@radar/company-index';
import { BULK_BATCH_SIZE, BulkUpsertError, bulkUpsertCompanies, type BulkUpsertSettings } from './bulk-upsert';
import { feedCompanies, type FeedOutcome, type FeedSource } from './company-feed';
import { MAPPING_VERSION, type IndexLayout } from './company-index-definition';
import { buildCompanyQuery, buildCompanyQueryAmong } from './company-query';
import { DEFAULT_FACET_SHARD_SIZES, FACET_NAMES, type FacetName, type FacetShardSizes } from './facet-aggregations';
import { storedShardSizes } from './facet-shard-sizes';
import { facetViewOf, FacetViewStore, storedSummaryOf, type FacetViews } from './facet-views';
import { FeedProgressStore } from './feed-progress';
import { CompanyIndexAlias } from './index-alias';
import type { IndexReader, SearchAnswer } from './index-reader';
import { domainOwners } from './lookup/domain-owners';
import { nameCandidates } from './lookup/name-candidates';
import { buildHitsRequest, buildIdBatchRequest, buildSummaryRequest, filtersPreference, sessionPreference, summariesRequest } from './search-request';
import { parseHitsPage, parseSummary, toCompanySummary, type HitsPage } from './search-response';
import { similarCompanies } from './similar/similar-companies';
import { rebuildCharacteristicTerms } from './similar/terms-rebuild';
import { effectiveSort } from './sort-clause';
import { assertWholeAnswer, errorTypeOf, isWholeAnswer, multiSearchAnswer, translateClusterError, type ShardedAnswer } from './unavailable-cluster';

/** Ids per matchingIds round trip: export sources ask for up to 10,000 in a few requests. */
export const ID_BATCH_SIZE = 1_000;

/**
 * Ids per countAmong request: below index.max_terms_count (65,536) with room to spare, and a
 * body of about 400 KB. A workspace with more saved companies is counted in several requests.
 */
export const COUNT_AMONG_BATCH_SIZE = 10_000;

/** How long the answer "the index exists" is trusted before it is checked again. */
export const DEFAULT_EXISTS_TTL_MS = 60_000;

export interface ElasticsearchCompanyIndexOptions {
  /** Searches, counts and the existence check: fails fast when the cluster does not answer. */
  searchClient: Client;
  /** Feeds and upserts: retries what the cluster refuses for now, with back-off. */
  writeClient: Client;
  /** ELASTICSEARCH_INDEX: the alias searches and upserts use. */
  alias: string;
  logger: Logger;
  layout: IndexLayout;
  bulk: BulkUpsertSettings;
  existsTtlMs: number;
  /** How long finishing a feed waits for green (an Elasticsearch time value, e.g. `10m`). */
  greenTimeout: string;
  /** The share of companies a feed may leave out as unindexable (company-feed.ts). */
  rejectionTolerance: number;
  /** How long the index a feed replaced is kept, so the swap can be undone. */
  keepPreviousForMs: number;
  /** The server-side `timeout` of searches (a time value): the node answers with what it has by then. */
  searchTimeout: string;
  /** A new search session's token (search-request.ts, sessionPreference): random, and carried by the session's cursors. */
  sessionTokens: () => string;
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * CompanyIndex on Elasticsearch 8. Searches read the alias ELASTICSEARCH_INDEX; the index
 * behind it is created on first use when it does not exist, and replaced whole by each feed.
 * Everything else translates the interface's filters, sorts and positions into query DSL and
 * back, and refuses answers that only some shards gave. Lookups and similar companies read
 * fields a feed stores for them (lookup/, similar/).
 */
export class ElasticsearchCompanyIndex implements CompanyIndex {
  private readonly searchClient: Client;
  private readonly writeClient: Client;
  private readonly alias: string;
  private readonly logger: Logger;
  private readonly bulk: BulkUpsertSettings;
  private readonly rejectionTolerance: number;
  private readonly keepPreviousForMs: number;
  private readonly searchTimeout: string;
  private readonly sessionTokens: () => string;
  private readonly existsTtlMs: number;
  /** The alias seen through the search client: its existence check must fail fast, not back off. */
  private readonly liveAlias: CompanyIndexAlias;
  private readonly feedingAlias: CompanyIndexAlias;
  private readonly progress: FeedProgressStore;
  private readonly facetViewsWritten: FacetViewStore;
  private readonly facetViewsRead: FacetViewStore;
  /** The live index's precomputed facet views, when its feed stored them and nothing was written since. */
  private facetViews: FacetViews | undefined;
  private checkedUntil = 0;
  private liveIndexSeen = false;
  private readonly stopHealthReport: () => void;
  private checking: Promise<void> | undefined;
  private shardSizes: FacetShardSizes = DEFAULT_FACET_SHARD_SIZES;
  /** The live indices (names) whose stored facet settings are in use; undefined until first read. */
  private metaReadOf: string | undefined;
  private readonly reportedInexact = new Set<FacetName>();
  /** Companies were written outside a feed since the characteristic terms were last computed. */
  private termsOutdated = false;
  private readonly reader: IndexReader;

  constructor(options: ElasticsearchCompanyIndexOptions) {
    this.searchClient = options.searchClient;
    this.writeClient = options.writeClient;
    this.alias = options.alias;
    this.logger = options.logger;
    this.bulk = options.bulk;
    this.rejectionTolerance = options.rejectionTolerance;
    this.keepPreviousForMs = options.keepPreviousForMs;
    this.searchTimeout = options.searchTimeout;
    this.sessionTokens = options.sessionTokens;
    this.stopHealthReport = reportClusterHealth(options.searchClient);
    this.existsTtlMs = options.existsTtlMs;
    this.liveAlias = new CompanyIndexAlias(options.searchClient, options.alias, options.layout, options.logger, options.greenTimeout);
    this.feedingAlias = new CompanyIndexAlias(options.writeClient, options.alias, options.layout, options.logger, options.greenTimeout);
    this.progress = new FeedProgressStore(options.writeClient, `${options.alias}-feed-progress`, options.logger);
    this.facetViewsWritten = new FacetViewStore(options.writeClient, `${options.alias}-facet-views`);
    this.facetViewsRead = new FacetViewStore(options.searchClient, `${options.alias}-facet-views`);
    // Lookups and similar companies answer a caller too: their searches keep to the same time budget.
    this.reader = {
      alias: this.alias,
      search: async (request, what) => this.whole(await this.read(() => this.searchClient.search<unknown>({ ...request, timeout: this.searchTimeout })), what),
      searchEach: (requests, what) => this.searchEach(requests, what),
      newSessionPreference: () => sessionPreference(this.sessionTokens()),
    };
  }

  /**
   * Readiness: whether this pod can serve, i.e. its clients are configured and the live index
   * has been seen. It asks the cluster nothing once it has: a slow cluster must not take every
   * search pod out of service at once (its health is a metric, cluster-health.ts). Until then
   * it looks for the index in the background and answers SERVICE_UNAVAILABLE.
   */
  readyToServe(): Promise<void> {
    if (this.liveIndexSeen) return Promise.resolve();
    this.ensureIndex().catch((error: unknown) => this.logger.warn({ err: error, index: this.alias }, 'the live company index is not reachable yet'));
    return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The search index has not been reached yet'));
  }

  /**
   * Creates the index behind the alias unless it exists. The answer is trusted for a while,
   * not forever: an alias deleted or moved by hand is noticed at the next check (and at once
   * by a search that finds no index).
   */
  ensureIndex(): Promise<void> {
    if (Date.now() < this.checkedUntil) return Promise.resolve();
    this.checking ??= this.liveAlias
      .ensure()
      .then(() => this.readLiveMeta())
      .then(() => {
        this.liveIndexSeen = true;
        this.checkedUntil = Date.now() + this.existsTtlMs;
      })
      .catch((error: unknown) => {
        throw translateClusterError(error);
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  async search(filters: NormalizedFilters, sort: SortSpec, limit: number, after?: PagePosition): Promise<SearchPage> {
    const ordering = effectiveSort(sort, filters);
    // A first page starts a session; later pages read the copies it chose (a cursor from before sessions: those its filters chose).
    const session = after === undefined ? this.sessionTokens() : after.session;
    const preference = session === undefined ? filtersPreference(filters, ordering) : sessionPreference(session);
    const hitsRequest = () =>
      this.searchClient
        .search<unknown>({ ...buildHitsRequest(this.alias, filters, ordering, limit, after, preference), timeout: this.searchTimeout })
        .then((answer) => this.whole(answer, 'search'));
    const withNext = (page: HitsPage) => (page.next === undefined ? {} : { next: { ...page.next, ...(session === undefined ? {} : { session }) } });
    // The unfiltered view and one-filter views: their facets were counted by the feed (facet-views.ts).
    // The alias is checked first, so views of an index the alias has left are not used.
    await this.ensureIndex();
    const stored = storedSummaryOf(this.facetViews, facetViewOf(filters));
    if (stored !== undefined) {
      const page = parseHitsPage(await this.read(hitsRequest), ordering, limit);
      return { items: page.items, total: stored.total, aggregations: stored.aggregations, ...withNext(page) };
    }
    // The page and the match set's summary in parallel; the summary is usually the shard request cache's.
    const [hits, summary] = await this.read(() =>
      Promise.all([
        hitsRequest(),
        this.searchClient
          .search<unknown>({ ...buildSummaryRequest(this.alias, filters, this.shardSizes, preference), timeout: this.searchTimeout })
          .then((answer) => this.whole(answer, 'facets')),
      ]),
    );
    const page = parseHitsPage(hits, ordering, limit);
    const { total, facets } = parseSummary(summary);
    this.reportInexact(facets.inexact);
    return { items: page.items, total, aggregations: facets.aggregations, ...withNext(page) };
  }

  async count(filters: NormalizedFilters): Promise<number> {
    // One request, nothing to keep consistent with: the cluster picks the copies (adaptive replica selection).
    const answer = await this.read(() => this.searchClient.count({ index: this.alias, query: buildCompanyQuery(filters) }));
    return this.whole(answer, 'count').count;
  }

  async countAmong(filters: NormalizedFilters, companyIds: string[]): Promise<number> {
    // Distinct ids, so batches are disjoint and their counts add up.
    const ids = [...new Set(companyIds)];
    if (ids.length === 0) return 0;
    let total = 0;
    for (const batch of chunks(ids, COUNT_AMONG_BATCH_SIZE)) {
      const answer = await this.read(() => this.searchClient.count({ index: this.alias, query: buildCompanyQueryAmong(filters, batch) }));
      total += this.whole(answer, 'count').count;
    }
    return total;
  }

  async matchingIds(filters: NormalizedFilters, sort: SortSpec, max: number, among?: readonly string[]): Promise<string[]> {
    if (max <= 0 || among?.length === 0) return [];
    const ordering = effectiveSort(sort, filters);
    const preference = sessionPreference(this.sessionTokens());
    const ids: string[] = [];
    let after: estypes.SortResults | undefined;
    while (ids.length < max) {
      const size = Math.min(ID_BATCH_SIZE, max - ids.length);
      const request = buildIdBatchRequest(this.alias, filters, ordering, size, after, among, preference);
      const answer = this.whole(await this.read(() => this.searchClient.search(request)), 'matching ids');
      const hits = answer.hits.hits;
      for (const hit of hits) if (hit._id !== undefined) ids.push(hit._id);
      const last = hits.at(-1);
      if (hits.length < size || last?.sort === undefined) break;
      after = last.sort;
    }
    return ids;
  }

  /**
   * Writes the companies into the live index (through its alias), 1,000 per acknowledged
   * batch, without characteristic terms: the next refresh computes those of every company.
   */
  async upsert(companies: IndexedCompany[]): Promise<void> {
    if (companies.length === 0) return;
    // The last version of a company given twice wins, as it would in two upserts.
    const distinct = [...new Map(companies.map((company) => [company.id, company])).values()];
    await this.ensureIndex();
    this.termsOutdated = true;
    try {
      await this.dropFacetViews();
      await bulkUpsertCompanies({ client: this.writeClient, index: this.alias, requireAlias: true }, chunks(distinct, BULK_BATCH_SIZE), this.bulk);
    } catch (error) {
      if (error instanceof BulkUpsertError) this.logger.error({ err: error, index: this.alias }, 'bulk upsert of companies partly failed');
      throw translateClusterError(error);
    }
  }

  domainOwners(domains: string[]): Promise<DomainOwner[]> {
    return domainOwners(this.reader, domains);
  }

  nameCandidates(queries: NameQuery[]): Promise<NameMatches[]> {
    return nameCandidates(this.reader, queries);
  }

  async summariesOf(ids: string[]): Promise<CompanySummary[]> {
    const distinct = [...new Set(ids)];
    if (distinct.length === 0) return [];
    const answer = await this.reader.search(summariesRequest(this.alias, distinct), 'summaries');
    return answer.hits.hits.map((hit) => toCompanySummary(hit._source));
  }

  similar(query: SimilarQuery): Promise<SimilarMatch[]> {
    return similarCompanies(this.reader, query);
  }

  /**
   * Makes written companies visible; after writes outside a feed, with the characteristic
   * terms of every company brought to the data as it now is (similar/terms-rebuild.ts).
   */
  async refresh(): Promise<void> {
    await this.read(() => this.searchClient.indices.refresh({ index: this.alias }));
    if (!this.termsOutdated) return;
    this.termsOutdated = false;
    try {
      const updated = await rebuildCharacteristicTerms(this.reader, this.writeClient);
      this.logger.info({ index: this.alias, updated }, 'characteristic terms computed again after writes outside a feed');
    } catch (error) {
      this.termsOutdated = true;
      throw translateClusterError(error);
    }
    await this.read(() => this.searchClient.indices.refresh({ index: this.alias }));
  }

  /**
   * Whether the live index holds the data of `dataVersion` under the current mapping: when it
   * does not, a dataset load feeds it, whatever the counts say.
   */
  async isFedWith(dataVersion: string): Promise<boolean> {
    try {
      const [dataVersions, mappingVersions] = await Promise.all([this.feedingAlias.liveDataVersions(), this.feedingAlias.liveMappingVersions()]);
      const live = Object.keys(dataVersions);
      return live.length > 0 && live.every((index) => dataVersions[index] === dataVersion && mappingVersions[index] === MAPPING_VERSION);
    } catch (error) {
      throw translateClusterError(error);
    }
  }

  /**
   * Copies the store into a new index and makes it the live one (company-feed.ts); resumes an
   * interrupted feed of the same data.
   */
  async feed(source: FeedSource): Promise<FeedOutcome> {
    try {
      const outcome = await feedCompanies(
        {
          client: this.writeClient,
          alias: this.feedingAlias,
          progress: this.progress,
          facetViews: this.facetViewsWritten,
          bulk: this.bulk,
          rejectionTolerance: this.rejectionTolerance,
          keepPreviousForMs: this.keepPreviousForMs,
          logger: this.logger,
        },
        source,
      );
      this.logger.info({ alias: this.alias, ...outcome }, 'company index fed');
      // The fed index holds every company with its characteristic terms.
      this.termsOutdated = false;
      return outcome;
    } catch (error) {
      throw translateClusterError(error);
    } finally {
      // The live index changed: check it again, and take up what its feed stored with it.
      this.checkedUntil = 0;
    }
  }

  /**
   * At start: the configured replicas and refresh interval applied to the live index, and a
   * warning when it was built with an older mapping than this code's. (What a feed stored
   * with the index, such as the facets' shard sizes, is read with the index itself.)
   */
  async warmUp(): Promise<void> {
    await this.ensureIndex();
    await this.feedingAlias.applyLayout();
    const versions = await this.liveAlias.liveMappingVersions();
    const outdated = Object.entries(versions).filter(([, version]) => version < MAPPING_VERSION);
    if (outdated.length > 0) {
      this.logger.warn({ index: this.alias, outdated: Object.fromEntries(outdated), current: MAPPING_VERSION }, 'the live company index has an older mapping; a dataset feed rebuilds it');
    }
  }

  /** Closes both clients' connections. */
  async close(): Promise<void> {
    this.stopHealthReport();
    await Promise.all([this.searchClient.close(), this.writeClient.close()]);
  }

  /**
   * What the feed of the live index stored in its `_meta`, read when the alias is checked and
   * taken up when the alias points elsewhere (a feed here or in another replica): the facets'
   * shard sizes, which the feed measured (facet-shard-sizes.ts), so no replica aggregates the
   * whole index when it starts. An index without them (written outside feeds, or fed before
   * they were stored) gets the defaults, and a log line says so.
   */
  private async readLiveMeta(): Promise<void> {
    const metas = await this.liveAlias.liveMetas();
    const live = Object.keys(metas).sort().join(',');
    const stamp = Object.keys(metas).sort().map((index) => `${index}@${String(metas[index]?.facet_views ?? '')}`).join(',');
    if (stamp === this.metaReadOf) return;
    this.metaReadOf = stamp;
    this.reportedInexact.clear();
    const [only, ...others] = Object.keys(metas);
    this.facetViews = only !== undefined && others.length === 0 && typeof metas[only]?.facet_views === 'string' ? await this.facetViewsRead.read(only) : undefined;
    if (this.facetViews !== undefined) this.logger.info({ index: live, computedAt: metas[only as string]?.facet_views }, 'precomputed facet views read from the live index\'s feed');
    const stored = Object.values(metas).map((meta) => storedShardSizes(meta.facet_shard_sizes));
    if (stored.length > 0 && stored.every((sizes) => sizes !== undefined)) {
      // Several live indices (an alias an operator widened) take the largest size of each facet.
      this.shardSizes = Object.fromEntries(FACET_NAMES.map((name) => [name, Math.max(...stored.map((sizes) => sizes[name]))])) as FacetShardSizes;
      this.logger.info({ index: live, shardSizes: this.shardSizes }, 'facet shard sizes read from the live index, as its feed measured them');
      return;
    }
    this.shardSizes = DEFAULT_FACET_SHARD_SIZES;
    const fed = Object.values(metas).some((meta) => meta.data_version !== undefined);
    const log = { index: live, shardSizes: this.shardSizes };
    const message = 'the live company index has no stored facet shard sizes; facets ask each shard for the default number of values until the next feed';
    if (fed) this.logger.warn(log, message);
    else this.logger.info(log, message);
  }

  /**
   * Companies written outside a feed make the views' counts stale: this process stops using
   * them at once, and the mark in the live index's `_meta` goes, so other replicas stop at
   * their next check of the alias (within `existsTtlMs`). The next feed computes them again.
   */
  private async dropFacetViews(): Promise<void> {
    this.facetViews = undefined;
    const metas = await this.feedingAlias.liveMetas();
    for (const [index, meta] of Object.entries(metas)) {
      if (meta.facet_views !== undefined) await this.feedingAlias.recordInMeta(index, { facet_views: undefined });
    }
  }

  /**
   * A read of the live index. One that finds no index (the alias deleted or being recreated)
   * checks for it again, creating it when missing, and is asked once more.
   */
  private async read<T>(request: () => Promise<T>): Promise<T> {
    await this.ensureIndex();
    try {
      return await request();
    } catch (error) {
      if (errorTypeOf(error) !== 'index_not_found_exception') throw translateClusterError(error);
      this.checkedUntil = 0;
      await this.ensureIndex();
      try {
        return await request();
      } catch (retryError) {
        throw translateClusterError(retryError);
      }
    }
  }

  /** Several searches in one multi search; each answer whole or the whole call refused. */
  private async searchEach(requests: estypes.SearchRequest[], what: string): Promise<SearchAnswer[]> {
    if (requests.length === 0) return [];
    const searches = requests.flatMap(({ index, preference, allow_partial_search_results: partial, ...body }) => [
      { index: index ?? this.alias, ...(preference === undefined ? {} : { preference }), ...(partial === undefined ? {} : { allow_partial_search_results: partial }) },
      { ...body, timeout: this.searchTimeout } as estypes.MsearchMultisearchBody,
    ]);
    const answer = await this.read(() => this.searchClient.msearch<unknown>({ searches }));
    return answer.responses.map((response) => this.whole(multiSearchAnswer(response), what));
  }

  private whole<T extends ShardedAnswer>(answer: T, what: string): T {
    if (!isWholeAnswer(answer)) {
      this.logger.warn({ index: this.alias, what, shards: answer._shards, timedOut: answer.timed_out }, 'Elasticsearch answered for only some shards; answering 503');
    }
    return assertWholeAnswer(answer);
  }

  private reportInexact(inexact: Partial<Record<FacetName, number>>): void {
    for (const [name, bound] of Object.entries(inexact) as [FacetName, number][]) {
      if (this.reportedInexact.has(name)) continue;
      this.reportedInexact.add(name);
      this.logger.warn({ index: this.alias, facet: name, docCountErrorUpperBound: bound, shardSize: this.shardSizes[name] }, 'facet counts may be inexact');
    }
  }
}
