import type { estypes } from '@elastic/elasticsearch';
import type { IndexedCompany } from '../company-index';
import { toCompanyDocument, type CompanyDocument } from './company-document';

/**
 * Companies per bulk request: about 2 KB of JSON each, so a request stays near 2-4 MB, well
 * under http.max_content_length and small enough that one rejected request retries cheaply.
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

/**
 * Bulk operations that insert or replace each company whole (`index` with the company id as
 * the document id), so a re-run of a load converges instead of duplicating.
 */
export function buildBulkOperations(index: string, companies: IndexedCompany[]): (estypes.BulkOperationContainer | CompanyDocument)[] {
  return companies.flatMap((company) => [{ index: { _index: index, _id: company.id } }, toCompanyDocument(company)]);
}

/** The items of a bulk response that failed, in request order. */
export function failedBulkItems(response: estypes.BulkResponse): BulkItemFailure[] {
  if (!response.errors) return [];
  const failures: BulkItemFailure[] = [];
  for (const item of response.items) {
    for (const result of Object.values(item)) {
      if (result?.error === undefined) continue;
      failures.push({
        id: result._id ?? '(no id)',
        status: result.status,
        type: result.error.type,
        reason: result.error.reason ?? '',
      });
    }
  }
  return failures;
}

/** Throws BulkUpsertError naming the first failures when any item of the response failed. */
export function assertBulkSucceeded(response: estypes.BulkResponse, attemptedCount: number): void {
  const failures = failedBulkItems(response);
  if (failures.length > 0) throw new BulkUpsertError(failures.length, attemptedCount, failures.slice(0, REPORTED_FAILURES));
}
