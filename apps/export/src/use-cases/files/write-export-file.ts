import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { jobCompanyIds, reportProgress, type ExportJobRecord, type JobLease } from '../../data/export-jobs.repository';
import { exportObjectKey } from '../../domain/export-file-names';
import { ByteCounter, exportFileStream } from '../../domain/export-file-stream';
import { exportFileType } from '../../domain/export-file-type';
import type { ExportDeps } from '../deps';
import { companyBatches } from './company-batches';

export interface WrittenFile {
  objectKey: string;
  sizeBytes: number;
  records: number;
}

export interface FileSettings {
  batchSize: number;
  /** Batches asked of search before they are needed. */
  readAhead: number;
  leaseMs: number;
}

export class LeaseLostError extends Error {
  constructor(exportId: string) {
    super(`The job ${exportId} is no longer held by this attempt`);
    this.name = 'LeaseLostError';
  }
}

/**
 * One attempt at a job's file: company rows from search, a batch at a time in the job's order,
 * through the CSV or JSON writer into a multipart upload. Memory stays bounded by two batches
 * and one upload part whatever the file's size. Progress is recorded after each batch, which also
 * renews the lease; `signal` aborts the attempt (lease lost, shutting down).
 */
export async function writeExportFile(
  deps: Pick<ExportDeps, 'pool' | 'search' | 'storage'>,
  job: ExportJobRecord,
  lease: JobLease,
  settings: FileSettings,
  signal: AbortSignal,
): Promise<WrittenFile> {
  const companyIds = await jobCompanyIds(deps.pool, job.workspaceId, job.id);
  const objectKey = exportObjectKey(job, lease.attempt);
  const format = job.exportFormat;
  const batches = companyBatches(
    companyIds,
    settings,
    (ids) => deps.search.companyRows(ids),
    async (processed) => {
      if (!(await reportProgress(deps.pool, lease, processed, settings.leaseMs))) throw new LeaseLostError(job.id);
    },
  );
  const counter = new ByteCounter();
  const body = new PassThrough();
  const writing = pipeline(exportFileStream(format, batches), counter, body, { signal });
  const uploading = deps.storage.upload(objectKey, body, exportFileType(format).contentType);
  // An upload that hangs on a silent store must not hold the attempt forever: the abort ends it.
  const aborted = new Promise<never>((_resolve, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('The attempt was aborted'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    // Either side failing fails the attempt: a failed upload stops the writing, and the other way round.
    const both = Promise.all([
      writing.catch((error: unknown) => {
        body.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
      uploading.catch((error: unknown) => {
        body.destroy();
        throw error;
      }),
    ]);
    await Promise.race([both, aborted]);
  } catch (error) {
    await deps.storage.removeQuietly(objectKey);
    throw error;
  }
  return { objectKey, sizeBytes: counter.bytes, records: companyIds.length };
}
