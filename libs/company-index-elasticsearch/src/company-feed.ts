import type { Client } from '@elastic/elasticsearch';
import type { Logger } from '@radar/platform/logger';
import type { IndexedCompany } from '@radar/company-index';
import { bulkUpsertCompanies, DeadLetters, type BulkItemFailure, type BulkUpsertSettings } from './bulk-upsert';
import { toCompanyDocument } from './company-document';
import { MAPPING_VERSION } from './company-index-definition';
import { measureShardSizes } from './facet-shard-sizes';
import { computeFacetViews, type FacetViewStore } from './facet-views';
import type { FeedProgress, FeedProgressStore } from './feed-progress';
import type { CompanyIndexAlias } from './index-alias';
import { CharacteristicTerms } from './similar/characteristic-terms';

/** The companies a feed copies: the store, read in id order. */
export interface FeedSource {
  /** Companies in the store. */
  count: number;
  /**
   * What the store holds, as a value that changes whenever its data does (not only its count):
   * recorded in the fed index, so a load of changed data feeds again, and a feed of other data
   * is not resumed.
   */
  dataVersion: string;
  /** The stored companies in id order, in batches, those after `afterId` when it is given. */
  batches(afterId?: string): AsyncIterable<IndexedCompany[]>;
}

export interface FeedOutcome {
  /** The concrete index the alias now points at. */
  index: string;
  companies: number;
  /** Where the feed resumed an interrupted one, if it did. */
  resumedAfter?: string;
  /** The companies left out because they cannot be indexed as they are, the first ones by name. */
  rejected?: { count: number; sample: BulkItemFailure[] };
}

export interface CompanyFeedDeps {
  /** The writing client (back-off transport). */
  client: Client;
  alias: CompanyIndexAlias;
  progress: FeedProgressStore;
  /** Where the precomputed facet views of each fed index are kept (facet-views.ts). */
  facetViews: FacetViewStore;
  bulk: BulkUpsertSettings;
  /** The share of the store's companies a feed may leave out as unindexable (0.001: 0.1 %). */
  rejectionTolerance: number;
  /** How long the index a feed replaced is kept (not searched) so the swap can be undone. */
  keepPreviousForMs: number;
  logger: Logger;
}

/**
 * The unfinished feed to resume, if any: one of the same data (data version and count) and
 * mapping whose index is still there and not live. An unfinished feed of anything else is of
 * no use: its index is deleted.
 */
async function resumableFeed(deps: CompanyFeedDeps, source: FeedSource): Promise<FeedProgress | undefined> {
  const progress = await deps.progress.current();
  if (progress === undefined) return undefined;
  const exists = await deps.alias.exists(progress.index);
  const live = exists && (await deps.alias.liveIndices()).includes(progress.index);
  if (exists && !live && progress.sourceCount === source.count && progress.dataVersion === source.dataVersion && progress.mappingVersion === MAPPING_VERSION) return progress;
  if (exists && !live) await deps.alias.deleteIndex(progress.index);
  await deps.progress.finish();
  return undefined;
}

/** Reads every stored company once for the statistics the characteristic terms are ranked by. */
async function countedTerms(source: FeedSource): Promise<CharacteristicTerms> {
  const terms = new CharacteristicTerms();
  for await (const batch of source.batches()) for (const company of batch) terms.count(company.description);
  return terms;
}

/**
 * Copies every stored company into a new index and makes it the live one: the index is made
 * with the layout's shards but no replica and no refresh, filled through bulk requests,
 * given its replicas and refresh interval back, checked to hold the store's companies (but for
 * the unindexable ones the tolerance allows, kept in a dead-letter list and reported), and only
 * then put behind the alias (the index it replaces is kept for `keepPreviousForMs`, so an
 * operator can point the alias back, and deleted by the first feed after that). Progress is recorded
 * per acknowledged batch, so a feed that fails (the cluster gone for longer than the retries
 * last, the process stopped) is resumed by the next one from its last acknowledged batch
 * instead of from the first company. Each company is written with its characteristic terms,
 * for which the whole store is read once first (a resumed feed reads it again: the terms of
 * the companies it writes must be those of the ones written before it).
 */
export async function feedCompanies(deps: CompanyFeedDeps, source: FeedSource): Promise<FeedOutcome> {
  await deps.alias.ensure();
  await deps.facetViews.forget(await deps.alias.deleteRetiredIndices(deps.keepPreviousForMs));
  const resumed = await resumableFeed(deps, source);
  const index = resumed?.index ?? (await deps.alias.createFeedingIndex());
  const start: FeedProgress = resumed ?? { index, sourceCount: source.count, dataVersion: source.dataVersion, mappingVersion: MAPPING_VERSION, fed: 0 };
  if (resumed) deps.logger.info({ index, after: resumed.afterId, fed: resumed.fed, of: source.count }, 'resuming an interrupted feed');
  else await deps.progress.begin(start);

  const deadLetters = new DeadLetters();
  try {
    const terms = await countedTerms(source);
    const documentOf = (company: IndexedCompany) => toCompanyDocument(company, terms.of(company.description));
    await bulkUpsertCompanies(
      { client: deps.client, index, requireAlias: false, documentOf },
      source.batches(start.afterId),
      deps.bulk,
      (acknowledged) => deps.progress.record({ ...start, afterId: acknowledged.lastId, fed: start.fed + acknowledged.companies }),
      deadLetters,
    );
  } catch (error) {
    await deps.progress.flushed();
    deps.logger.warn({ err: error, index }, 'feed stopped; the next feed resumes from its last acknowledged batch');
    throw error;
  }
  await deps.progress.flushed();

  const tolerated = Math.floor(deps.rejectionTolerance * source.count);
  if (deadLetters.count > 0) {
    deps.logger.warn({ index, rejected: deadLetters.count, tolerated, sample: deadLetters.sample }, 'companies that cannot be indexed were left out of the feed (dead-letter list)');
  }
  if (deadLetters.count > tolerated) {
    // The data needs fixing: a resumed feed would skip these companies, so the next one starts afresh.
    await deps.alias.deleteIndex(index);
    await deps.progress.finish();
    const sample = deadLetters.sample.slice(0, 3).map((failure) => `${failure.id}: ${failure.reason}`).join('; ');
    throw new Error(`The feed rejected ${deadLetters.count} of ${source.count} companies (${sample}), beyond the tolerance of ${tolerated}; the live index stays as it was`);
  }

  await deps.alias.finishFeeding(index);
  const companies = await deps.alias.count(index);
  if (Math.abs(source.count - companies) > tolerated) {
    throw new Error(`The fed index ${index} holds ${companies} companies where the store holds ${source.count}; the live index stays as it was`);
  }
  const shardSizes = await measureShardSizes(deps.client, index);
  deps.logger.info({ index, cardinality: shardSizes.cardinality, shardSizes: shardSizes.sizes }, 'facet shard sizes measured from field cardinality, stored with the fed index');
  if (shardSizes.capped.length > 0) {
    deps.logger.warn({ index, facets: shardSizes.capped, cardinality: shardSizes.cardinality }, 'facet fields with more values than a shard sends: their counts may be inexact');
  }
  const views = await computeFacetViews(deps.client, index, shardSizes.sizes);
  await deps.facetViews.write(index, views);
  const viewCount = [...views.values()].reduce((sum, values) => sum + values.size, 0);
  deps.logger.info({ index, views: viewCount }, 'facets of the unfiltered and one-filter views computed, stored with the fed index');
  await deps.alias.recordInMeta(index, { data_version: source.dataVersion, facet_shard_sizes: shardSizes.sizes, facet_views: new Date().toISOString() });
  await deps.alias.swapTo(index);
  await deps.progress.finish();
  await deps.facetViews.forget(await deps.alias.deleteRetiredIndices(deps.keepPreviousForMs));
  return {
    index,
    companies,
    ...(resumed?.afterId ? { resumedAfter: resumed.afterId } : {}),
    ...(deadLetters.count > 0 ? { rejected: { count: deadLetters.count, sample: deadLetters.sample } } : {}),
  };
}
