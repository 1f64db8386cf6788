import type { Client, estypes } from '@elastic/elasticsearch';
import type { IndexedCompany } from '@radar/company-index';
import { exponentialBackOff, waitBeforeRetry, type BackOff } from './back-off';
import { toCompanyDocument, type CompanyDocument } from './company-document';

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

export interface BulkUpsertSettings {
  /** Bulk requests in flight at once (the client's bulk helper holds this many). */
  concurrency: number;
  /** Bytes of NDJSON per bulk request. */
  flushBytes: number;
  /**
   * Rounds in which the companies a bulk response refused for now (429: the node's write
   * queue is full; 5xx: a shard is relocating or unavailable) are sent again, and the waits
   * before them. Whole requests the cluster refuses are retried by the writing client's
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
}

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

interface RefusedItem {
  document: CompanyDocument;
  failure: BulkItemFailure;
}

function failureOf(id: string, status: number, error: estypes.ErrorCause | null): BulkItemFailure {
  return { id, status, type: error?.type ?? (status === 429 ? 'es_rejected_execution_exception' : 'unknown'), reason: error?.reason ?? '' };
}

async function* documentsOf(
  batches: AsyncIterable<IndexedCompany[]> | Iterable<IndexedCompany[]>,
  acknowledgements: Acknowledgements,
  counted: { attempted: number },
): AsyncGenerator<CompanyDocument> {
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    acknowledgements.add(batch);
    counted.attempted += batch.length;
    for (const company of batch) yield toCompanyDocument(company);
  }
}

/**
 * Inserts or replaces each company whole (`index` actions with the company id as document id,
 * so writing a company twice converges) through the client's bulk helper: bounded concurrency,
 * requests cut by size. The ids must be distinct across the source. Items refused for now are
 * sent again in rounds with back-off (the helper's own retries would resend 429s only, at a
 * fixed interval); items refused for what they hold (a mapping error) are not. Throws
 * BulkUpsertError naming failed companies once every other company is written, and the
 * client's error when a whole request still fails after the transport's retries.
 */
export async function bulkUpsertCompanies(
  target: BulkUpsertTarget,
  batches: AsyncIterable<IndexedCompany[]> | Iterable<IndexedCompany[]>,
  settings: BulkUpsertSettings,
  onAcknowledged?: (batches: AcknowledgedBatches) => void,
): Promise<number> {
  const acknowledgements = new Acknowledgements(onAcknowledged);
  const counted = { attempted: 0 };
  const failures: BulkItemFailure[] = [];
  let written = 0;
  let datasource: AsyncIterator<CompanyDocument> | CompanyDocument[] = documentsOf(batches, acknowledgements, counted);
  for (let round = 0; ; round += 1) {
    const refused: RefusedItem[] = [];
    await target.client.helpers.bulk<CompanyDocument>({
      datasource,
      onDocument: (document) => ({ index: { _index: target.index, _id: document.id } }),
      onSuccess: ({ result }) => {
        const id = result.index?._id;
        if (id === undefined || id === null) return;
        written += 1;
        acknowledgements.written(id);
      },
      onDrop: ({ status, error, document }) => {
        const failure = failureOf(document.id, status, error);
        if (isRefusedForNow(status)) {
          refused.push({ document, failure });
        } else {
          failures.push(failure);
          acknowledgements.failed(document.id);
        }
      },
      concurrency: settings.concurrency,
      flushBytes: settings.flushBytes,
      retries: 0,
      refreshOnCompletion: false,
      ...(target.requireAlias ? { require_alias: true } : {}),
    });
    if (refused.length === 0) break;
    if (round >= settings.itemBackOff.retries) {
      for (const item of refused) {
        failures.push(item.failure);
        acknowledgements.failed(item.document.id);
      }
      break;
    }
    await waitBeforeRetry(settings.itemBackOff, round + 1);
    datasource = refused.map((item) => item.document);
  }
  if (failures.length > 0) throw new BulkUpsertError(failures.length, counted.attempted, failures.slice(0, REPORTED_FAILURES));
  return written;
}
