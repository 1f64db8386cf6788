import type { Pool, PoolClient } from 'pg';
import type { DatasetLoadResult } from '@radar/contracts';
import { DATASET_AS_OF, followedCount, generateCompanies, generateFollowedCompanies } from '@radar/dataset';
import { inTransactionOn } from '@radar/platform/database';
import type { Logger } from '@radar/platform/logger';
import { toIndexedCompany, type IndexedCompany } from '@radar/company-index';
import { writeCompanies, writeJobPostings, type StoredJobPosting } from '@radar/company-index-postgres';
import type { SelectedCompanyIndex } from '../../clients/company-index';
import { indexedCompaniesAfter, storedCompanyCount } from '../../data/companies.repository';
import {
  advanceDatasetLoad,
  analyzeCompanyStore,
  beginDatasetLoad,
  datasetDataVersion,
  completeDatasetLoad,
  liftStatementTimeout,
  lockDatasetLoads,
  resetStatementTimeout,
  unlockDatasetLoads,
  type DatasetLoadRecord,
} from '../../data/dataset-load.repository';
import { storedJobPostings } from './dataset-records';

export interface DatasetLoaderDeps {
  pool: Pool;
  selectedIndex: SelectedCompanyIndex;
  logger: Logger;
}

export interface DatasetLoadRequest {
  companies: number;
  seed: number;
}

/** How far a load is: companies stored of those requested, and the step under way (`radar dataset load` shows it). */
export type DatasetLoadProgress = (progress: { stored: number; total: number; phase: 'storing' | 'indexing' }) => void;

/** Companies per write: a few MB of JSON per statement, and progress is saved this often. */
const LOAD_BATCH_SIZE = 1_000;
/** Companies read from the store per batch when a separate index (Elasticsearch) is fed: the unit a feed resumes from. */
const FEED_BATCH_SIZE = 1_000;
/**
 * Connections writing batches at once: the writes are CPU-bound in PostgreSQL (index upkeep),
 * so two keep both cores of a small machine busy while this process generates the next batch.
 */
const LOAD_WRITERS = 2;

interface Batch {
  end: number;
  companies: IndexedCompany[];
  postings: StoredJobPosting[];
}

function generateBatch(request: DatasetLoadRequest, start: number, end: number): Batch {
  const companies: IndexedCompany[] = [];
  const postings: StoredJobPosting[] = [];
  for (const company of generateCompanies({ seed: request.seed, count: request.companies, start, end })) {
    companies.push(toIndexedCompany(company, request.seed, request.companies));
    postings.push(...storedJobPostings(company, request.seed));
  }
  return { end, companies, postings };
}

/** One batch in one transaction on one of the load's writers (each kept for the whole load). */
function writeBatch(client: PoolClient, batch: Batch): Promise<number> {
  return inTransactionOn(client, async (db) => {
    const added = await writeCompanies(db, batch.companies, 'keep-existing');
    await writeJobPostings(db, batch.postings);
    return added;
  });
}

/** Followed companies and their events are served by the provider stand-in, not stored here: only counted. */
function countFollowed(request: DatasetLoadRequest): { followed: number; events: number } {
  let events = 0;
  for (const followed of generateFollowedCompanies({ seed: request.seed, count: request.companies, referenceDate: DATASET_AS_OF })) {
    events += followed.events.length;
  }
  return { followed: followedCount(request.companies), events };
}

/**
 * Streams the generated dataset into the store in batches: memory holds the batches being
 * written and the one being generated, never the dataset. Idempotent: a load that completed
 * before answers at once, an interrupted one resumes where its last batch committed, and
 * rows already stored are kept, so re-running adds nothing.
 */
export async function loadDataset(
  deps: DatasetLoaderDeps,
  request: DatasetLoadRequest,
  onProgress: DatasetLoadProgress = () => undefined,
): Promise<DatasetLoadResult> {
  const client = await deps.pool.connect();
  try {
    // A load outlasts the per-statement limit of searches (ANALYZE, a slow batch); lifted for this connection only.
    await liftStatementTimeout(client);
    await lockDatasetLoads(client);
    try {
      const record = await storeDataset(deps, client, request, onProgress);
      onProgress({ stored: record.companies, total: request.companies, phase: 'indexing' });
      await feedIndex(deps);
      return { companies: record.companies, followed: record.followed, job_postings: record.jobPostings, events: record.events };
    } finally {
      await unlockDatasetLoads(client);
    }
  } finally {
    // Back to the pool's limit before the connection serves searches again.
    await resetStatementTimeout(client).catch(() => undefined);
    client.release();
  }
}

async function storeDataset(
  deps: DatasetLoaderDeps,
  client: PoolClient,
  request: DatasetLoadRequest,
  onProgress: DatasetLoadProgress,
): Promise<DatasetLoadRecord> {
  const record = await beginDatasetLoad(client, request.seed, request.companies);
  onProgress({ stored: record.completed ? request.companies : record.nextIndex, total: request.companies, phase: 'storing' });
  if (record.completed) return record;
  deps.logger.info({ ...request, from: record.nextIndex }, 'dataset load started');
  const writers = await Promise.all(Array.from({ length: LOAD_WRITERS }, () => deps.pool.connect()));
  const inFlight: { batch: Batch; writing: Promise<number> }[] = [];
  let added = 0;
  /**
   * Batches finish in the order they started (the oldest is awaited first), so progress only
   * ever records a prefix of the dataset as stored: a crash redoes at most the batches in flight.
   */
  const settleOldest = async () => {
    const oldest = inFlight.shift();
    if (!oldest) return;
    added += await oldest.writing;
    await advanceDatasetLoad(client, request.seed, request.companies, oldest.batch.end, oldest.batch.postings.length);
    onProgress({ stored: oldest.batch.end, total: request.companies, phase: 'storing' });
  };
  try {
    for (const writer of writers) await liftStatementTimeout(writer);
    let started = 0;
    for (let start = record.nextIndex; start < request.companies; start += LOAD_BATCH_SIZE) {
      const batch = generateBatch(request, start, Math.min(request.companies, start + LOAD_BATCH_SIZE));
      if (inFlight.length === LOAD_WRITERS) await settleOldest();
      const writing = writeBatch(writers[started % LOAD_WRITERS] as PoolClient, batch);
      // Awaited in settleOldest; this only keeps a failure of a younger batch from going unhandled meanwhile.
      writing.catch(() => undefined);
      inFlight.push({ batch, writing });
      started += 1;
    }
    while (inFlight.length > 0) await settleOldest();
  } finally {
    await Promise.allSettled(inFlight.map((entry) => entry.writing));
    for (const writer of writers) {
      await resetStatementTimeout(writer).catch(() => undefined);
      writer.release();
    }
  }
  const { followed, events } = countFollowed(request);
  await completeDatasetLoad(client, request.seed, request.companies, followed, events);
  // Fresh statistics, so the planner knows the new data's sizes and value spread.
  if (added > 0) await analyzeCompanyStore(client);
  deps.logger.info({ ...request, added }, 'dataset stored');
  return beginDatasetLoad(client, request.seed, request.companies);
}

/** Every stored company (those after `from` when given) in id order, a keyset page at a time: flat memory. */
async function* storedCompanyBatches(pool: Pool, from?: string): AsyncGenerator<IndexedCompany[]> {
  let afterId: string | null = from ?? null;
  for (;;) {
    const batch = await indexedCompaniesAfter(pool, afterId, FEED_BATCH_SIZE);
    if (batch.length === 0) return;
    yield batch;
    afterId = batch[batch.length - 1]?.id ?? null;
    if (batch.length < FEED_BATCH_SIZE) return;
  }
}

/**
 * A separate index (Elasticsearch) gets every stored company when it was not fed with the
 * store's data version (a fresh cluster, a new load, a new mapping), whatever the counts: a
 * feed copies the store into a new index and makes it the live one, resuming an interrupted
 * feed of the same data where it stopped.
 */
async function feedIndex(deps: DatasetLoaderDeps): Promise<void> {
  const { index, feed, isFedWith } = deps.selectedIndex;
  if (!deps.selectedIndex.needsFeeding || feed === undefined || isFedWith === undefined) {
    await index.refresh();
    return;
  }
  const dataVersion = await datasetDataVersion(deps.pool);
  if (await isFedWith(dataVersion)) return;
  const stored = await storedCompanyCount(deps.pool);
  deps.logger.info({ backend: deps.selectedIndex.backend, stored, dataVersion }, 'feeding the search index');
  await feed({ count: stored, dataVersion, batches: (afterId) => storedCompanyBatches(deps.pool, afterId) });
}
