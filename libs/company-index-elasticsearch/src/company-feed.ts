import type { Client } from '@elastic/elasticsearch';
import type { Logger } from '@radar/platform/logger';
import type { IndexedCompany } from '@radar/company-index';
import { bulkUpsertCompanies, type BulkUpsertSettings } from './bulk-upsert';
import { MAPPING_VERSION } from './company-index-definition';
import type { FeedProgress, FeedProgressStore } from './feed-progress';
import type { CompanyIndexAlias } from './index-alias';

/** The companies a feed copies: the store, read in id order. */
export interface FeedSource {
  /** Companies in the store. */
  count: number;
  /** The stored companies in id order, in batches, those after `afterId` when it is given. */
  batches(afterId?: string): AsyncIterable<IndexedCompany[]>;
}

export interface FeedOutcome {
  /** The concrete index the alias now points at. */
  index: string;
  companies: number;
  /** Where the feed resumed an interrupted one, if it did. */
  resumedAfter?: string;
}

export interface CompanyFeedDeps {
  /** The writing client (back-off transport). */
  client: Client;
  alias: CompanyIndexAlias;
  progress: FeedProgressStore;
  bulk: BulkUpsertSettings;
  logger: Logger;
}

/**
 * The unfinished feed to resume, if any: one of the same data (as many stored companies) and
 * mapping whose index is still there and not live. An unfinished feed of anything else is of
 * no use: its index is deleted.
 */
async function resumableFeed(deps: CompanyFeedDeps, sourceCount: number): Promise<FeedProgress | undefined> {
  const progress = await deps.progress.current();
  if (progress === undefined) return undefined;
  const exists = await deps.alias.exists(progress.index);
  const live = exists && (await deps.alias.liveIndices()).includes(progress.index);
  if (exists && !live && progress.sourceCount === sourceCount && progress.mappingVersion === MAPPING_VERSION) return progress;
  if (exists && !live) await deps.alias.deleteIndex(progress.index);
  await deps.progress.finish();
  return undefined;
}

/**
 * Copies every stored company into a new index and makes it the live one: the index is made
 * with the layout's shards but no replica and no refresh, filled through bulk requests,
 * given its replicas and refresh interval back, checked to hold exactly the store's companies,
 * and only then put behind the alias (the index it replaces is deleted). Progress is recorded
 * per acknowledged batch, so a feed that fails (the cluster gone for longer than the retries
 * last, the process stopped) is resumed by the next one from its last acknowledged batch
 * instead of from the first company.
 */
export async function feedCompanies(deps: CompanyFeedDeps, source: FeedSource): Promise<FeedOutcome> {
  await deps.alias.ensure();
  const resumed = await resumableFeed(deps, source.count);
  const index = resumed?.index ?? (await deps.alias.createFeedingIndex());
  const start: FeedProgress = resumed ?? { index, sourceCount: source.count, mappingVersion: MAPPING_VERSION, fed: 0 };
  if (resumed) deps.logger.info({ index, after: resumed.afterId, fed: resumed.fed, of: source.count }, 'resuming an interrupted feed');
  else await deps.progress.begin(start);

  try {
    await bulkUpsertCompanies({ client: deps.client, index, requireAlias: false }, source.batches(start.afterId), deps.bulk, (acknowledged) =>
      deps.progress.record({ ...start, afterId: acknowledged.lastId, fed: start.fed + acknowledged.companies }),
    );
  } catch (error) {
    await deps.progress.flushed();
    deps.logger.warn({ err: error, index }, 'feed stopped; the next feed resumes from its last acknowledged batch');
    throw error;
  }
  await deps.progress.flushed();

  await deps.alias.finishFeeding(index);
  const companies = await deps.alias.count(index);
  if (companies !== source.count) {
    throw new Error(`The fed index ${index} holds ${companies} companies where the store holds ${source.count}; the live index stays as it was`);
  }
  await deps.alias.swapTo(index);
  await deps.progress.finish();
  return { index, companies, ...(resumed?.afterId ? { resumedAfter: resumed.afterId } : {}) };
}
