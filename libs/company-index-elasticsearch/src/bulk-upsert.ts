import type { Client, estypes } from '@elastic/elasticsearch';
import type { IndexedCompany } from '@radar/company-index';
import { exponentialBackOff, waitBeforeRetry, type BackOff } from './back-off';
import { toCompanyDocument, type CompanyDocument } from './company-document';
import { UnindexableCompanyError } from './indexable-company';

/**
 * Companies per batch of a source (1,000 companies are 2-4 MB of JSON): the unit in which
 * progress is acknowledged, and in which upsert() cuts the companies it is given.
 */
export const BULK_BATCH_SIZE = 1_000;

/** The failures reported for at most this many items; the rest are only counted. */
const REPORTED_FAILURES = 10;

export interface BulkItemFailure {
  id: string;
  status: number;
  type: string;
  reason: string;
}

/** Some companies of a bulk upsert were not written; the others were. */
export class BulkUpsertError extends Error {
  constructor(
    readonly failedCount: number,
    readonly attemptedCount: number,
    readonly failures: BulkItemFailure[],
  ) {
    const sample = failures.map((failure) => `${failure.id}: ${failure.status} ${failure.type} (${failure.reason})`).join('; ');
    super(`Elasticsearch rejected ${failedCount} of ${attemptedCount} companies: ${sample}`);
    this.name = 'BulkUpsertError';
  }
}

/** Rejected companies a dead-letter list keeps by name; the rest are only counted. */
const DEAD_LETTERS_KEPT = 100;

/**
 * The companies a feed leaves out because they cannot be indexed as they are (invalid data, or
 * refused by the cluster for what they hold): counted, the first ones kept by name, and
 * settled for the feed's progress, so a resumed feed does not meet them again.
 */
export class DeadLetters {
  count = 0;
  readonly sample: BulkItemFailure[] = [];

  add(failure: BulkItemFailure): void {
    this.count += 1;
    if (this.sample.length < DEAD_LETTERS_KEPT) this.sample.push(failure);
  }
}

export interface BulkUpsertSettings {
  /** Most bulk requests in flight at once (fewer while the cluster answers 429). */
  concurrency: number;
  /** Bytes of NDJSON per bulk request. */
  flushBytes: number;
  /**
   * How often, and after what jittered waits, the companies a bulk response refused for now
   * (429: the node's write queue is full; 5xx: a shard is relocating or unavailable) are sent
   * again within their batch. Whole requests the cluster refuses are retried by the writing client's
   * transport (back-off-transport.ts).
   */
  itemBackOff: BackOff;
}

export const DEFAULT_BULK_UPSERT_SETTINGS: BulkUpsertSettings = {
  // docs/performance.md: 2-4 writers keep a 3-node cluster busy without filling its write queues.
  concurrency: 3,
  // About 1,000 to 2,000 companies per request, far below http.max_content_length (100 MB).
  flushBytes: 4_000_000,
  itemBackOff: exponentialBackOff({ retries: 6, baseMs: 1_000, maxMs: 30_000 }),
};

/** Where the companies go: a concrete index (a feed) or the alias of the live one (`requireAlias`). */
export interface BulkUpsertTarget {
  client: Client;
  index: string;
  /** The bulk request fails rather than create an index, should `index` not name an alias. */
  requireAlias: boolean;
  /**
   * The document a company is written as; without one, without characteristic terms (a write
   * outside a feed: the index computes them again at its next refresh).
   */
  documentOf?: (company: IndexedCompany) => CompanyDocument;
}

const withoutTerms = (company: IndexedCompany): CompanyDocument => toCompanyDocument(company, []);

/** The source's batches written so far, every company of each one acknowledged. */
export interface AcknowledgedBatches {
  /** The id of the last company of the last acknowledged batch. */
  lastId: string;
  /** Companies in the acknowledged batches. */
  companies: number;
}

interface PendingBatch {
  lastId: string;
  size: number;
  unacknowledged: number;
  failed: boolean;
}

/**
 * Tracks which batches are wholly written: bulk requests run concurrently and their items are
 * acknowledged in any order, so a batch counts only once every company in it and in every
 * batch before it is written. That prefix is where an interrupted feed resumes.
 */
class Acknowledgements {
  private readonly batches: PendingBatch[] = [];
  private readonly batchOf = new Map<string, PendingBatch>();
  private acknowledged = 0;

  constructor(private readonly onAcknowledged?: (batches: AcknowledgedBatches) => void) {}

  add(companies: IndexedCompany[]): void {
    const batch: PendingBatch = { lastId: (companies.at(-1) as IndexedCompany).id, size: companies.length, unacknowledged: companies.length, failed: false };
    this.batches.push(batch);
    for (const company of companies) this.batchOf.set(company.id, batch);
  }

  written(id: string): void {
    const batch = this.batchOf.get(id);
    if (batch === undefined) return;
    this.batchOf.delete(id);
    batch.unacknowledged -= 1;
    let first = this.batches[0];
    while (first !== undefined && first.unacknowledged === 0 && !first.failed) {
      this.batches.shift();
      this.acknowledged += first.size;
      this.onAcknowledged?.({ lastId: first.lastId, companies: this.acknowledged });
      first = this.batches[0];
    }
  }

  /** A company that will not be written: its batch, and every one after it, stays unacknowledged. */
  failed(id: string): void {
    const batch = this.batchOf.get(id);
    if (batch !== undefined) batch.failed = true;
  }
}

/** Whether a refused item may be sent again: the node refused it for now, not for what it holds. */
const isRefusedForNow = (status: number): boolean => status === 429 || status >= 500;

/** Calm bulk answers after which one more request may be in flight. */
const GROW_AFTER_ANSWERS = 10;

/**
 * How many bulk requests may be in flight: halved when the cluster answers 429 (its write
 * queues are full, and more writers only fill them faster), grown back by one after a run of
 * answers without a 429, never above the configured number.
 */
export class AdaptiveConcurrency {
  private current: number;
  private calmAnswers = 0;

  constructor(
    private readonly maximum: number,
    private readonly growAfterAnswers = GROW_AFTER_ANSWERS,
  ) {
    this.current = Math.max(1, maximum);
  }

  get limit(): number {
    return this.current;
  }

  answered(answer: { tooManyRequests: boolean }): void {
    if (answer.tooManyRequests) {
      this.current = Math.max(1, Math.floor(this.current / 2));
      this.calmAnswers = 0;
      return;
    }
    this.calmAnswers += 1;
    if (this.calmAnswers >= this.growAfterAnswers) {
      this.current = Math.min(this.maximum, this.current + 1);
      this.calmAnswers = 0;
    }
  }
}

function failureOf(id: string, status: number, error: estypes.ErrorCause | undefined): BulkItemFailure {
  return { id, status, type: error?.type ?? (status === 429 ? 'es_rejected_execution_exception' : 'unknown'), reason: error?.reason ?? '' };
}

/** The documents cut into requests of about `flushBytes` of NDJSON each. */
function requestsOf(documents: CompanyDocument[], flushBytes: number): CompanyDocument[][] {
  const requests: CompanyDocument[][] = [];
  let current: CompanyDocument[] = [];
  let bytes = 0;
  for (const document of documents) {
    const size = JSON.stringify(document).length;
    if (current.length > 0 && bytes + size > flushBytes) {
      requests.push(current);
      current = [];
      bytes = 0;
    }
    current.push(document);
    bytes += size;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

interface BulkRun {
  target: BulkUpsertTarget;
  settings: BulkUpsertSettings;
  concurrency: AdaptiveConcurrency;
  acknowledgements: Acknowledgements;
  failures: BulkItemFailure[];
  /** Where companies refused for what they hold go, when the caller keeps them aside. */
  deadLetters: DeadLetters | undefined;
  written: number;
}

/** A company that will not be written as it is: dead-lettered (settled), or a failure holding its batch. */
function rejected(run: BulkRun, failure: BulkItemFailure): void {
  if (run.deadLetters === undefined) {
    run.failures.push(failure);
    run.acknowledgements.failed(failure.id);
    return;
  }
  run.deadLetters.add(failure);
  run.acknowledgements.written(failure.id);
}

/** Sends one request; returns the items refused for now. */
async function sendRequest(run: BulkRun, documents: CompanyDocument[]): Promise<{ document: CompanyDocument; failure: BulkItemFailure }[]> {
  const { target } = run;
  const response = await target.client.bulk({
    operations: documents.flatMap((document) => [{ index: { _index: target.index, _id: document.id } }, document]),
    ...(target.requireAlias ? { require_alias: true } : {}),
  });
  const refused: { document: CompanyDocument; failure: BulkItemFailure }[] = [];
  response.items.forEach((item, at) => {
    const document = documents[at] as CompanyDocument;
    const result = item.index ?? Object.values(item)[0];
    if (result === undefined) return;
    if (result.error === undefined && result.status < 300) {
      run.written += 1;
      run.acknowledgements.written(document.id);
      return;
    }
    const failure = failureOf(document.id, result.status, result.error);
    if (isRefusedForNow(result.status)) refused.push({ document, failure });
    else rejected(run, failure);
  });
  run.concurrency.answered({ tooManyRequests: refused.some((item) => item.failure.status === 429) });
  return refused;
}

/** The batch's companies as documents; those that cannot be indexed are rejected here, before any request. */
function documentsOf(run: BulkRun, batch: IndexedCompany[]): CompanyDocument[] {
  const documents: CompanyDocument[] = [];
  for (const company of batch) {
    try {
      documents.push((run.target.documentOf ?? withoutTerms)(company));
    } catch (error) {
      if (!(error instanceof UnindexableCompanyError)) throw error;
      rejected(run, { id: company.id, status: 400, type: 'invalid_company', reason: error.problem });
    }
  }
  return documents;
}

/**
 * Writes one batch of the source: its requests one after the other, and the items a node
 * refused for now sent again after a jittered back-off, before the batch is done, so its
 * acknowledgement (and the feed's saved progress) is not held until the source is drained.
 */
async function writeBatch(run: BulkRun, batch: IndexedCompany[]): Promise<void> {
  for (const request of requestsOf(documentsOf(run, batch), run.settings.flushBytes)) {
    let pending = request;
    for (let retry = 0; pending.length > 0; retry += 1) {
      if (retry > 0) await waitBeforeRetry(run.settings.itemBackOff, retry);
      const refused = await sendRequest(run, pending);
      if (retry >= run.settings.itemBackOff.retries) {
        for (const item of refused) {
          run.failures.push(item.failure);
          run.acknowledgements.failed(item.document.id);
        }
        break;
      }
      pending = refused.map((item) => item.document);
    }
  }
}

/**
 * Inserts or replaces each company whole (`index` actions with the company id as document id,
 * so writing a company twice converges): the source's batches written concurrently (as many
 * at once as the adaptive concurrency allows), each cut into requests by size. The ids must be
 * distinct across the source. Items refused for now are sent again within their batch with
 * jittered back-off; items refused for what they hold (a mapping error) are not. Throws
 * BulkUpsertError naming failed companies once every other company is written, and the
 * client's error when a whole request still fails after the transport's retries (the batches
 * in flight are finished first, so their progress is acknowledged). Given a dead-letter list,
 * companies that cannot be indexed (invalid, or refused for what they hold) go there instead
 * of failing the upsert.
 */
export async function bulkUpsertCompanies(
  target: BulkUpsertTarget,
  batches: AsyncIterable<IndexedCompany[]> | Iterable<IndexedCompany[]>,
  settings: BulkUpsertSettings,
  onAcknowledged?: (batches: AcknowledgedBatches) => void,
  deadLetters?: DeadLetters,
): Promise<number> {
  const run: BulkRun = {
    target,
    settings,
    concurrency: new AdaptiveConcurrency(settings.concurrency),
    acknowledgements: new Acknowledgements(onAcknowledged),
    failures: [],
    deadLetters,
    written: 0,
  };
  const inFlight = new Set<Promise<void>>();
  let attempted = 0;
  let stopped: { error: unknown } | undefined;
  const start = (batch: IndexedCompany[]): void => {
    const writing = writeBatch(run, batch)
      .catch((error: unknown) => {
        stopped ??= { error };
      })
      .finally(() => inFlight.delete(writing));
    inFlight.add(writing);
  };
  try {
    for await (const batch of batches) {
      if (stopped !== undefined) break;
      if (batch.length === 0) continue;
      run.acknowledgements.add(batch);
      attempted += batch.length;
      start(batch);
      while (inFlight.size >= run.concurrency.limit) await Promise.race(inFlight);
    }
  } catch (error) {
    stopped ??= { error };
  }
  await Promise.all(inFlight);
  if (stopped !== undefined) throw stopped.error;
  if (run.failures.length > 0) throw new BulkUpsertError(run.failures.length, attempted, run.failures.slice(0, REPORTED_FAILURES));
  return run.written;
}
