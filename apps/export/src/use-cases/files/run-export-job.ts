import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { claimJob, markJobCompleted, releaseForRetry, renewLease, type JobLease } from '../../data/export-jobs.repository';
import { exportObjectKey } from '../../domain/export-file-names';
import type { ExportDeps } from '../deps';
import { exportEvent } from '../export-events';
import { countExportAttempt } from './export-attempt-metrics';
import { failExport } from './fail-export';
import { LeaseLostError, writeExportFile, type WrittenFile } from './write-export-file';

export interface JobRunSettings {
  /** This worker process: the lease owner of the jobs it holds. */
  workerId: string;
  leaseMs: number;
  batchSize: number;
  readAhead: number;
  maxAttempts: number;
  /** Waits before the second, third... attempt; the last repeats. */
  retryDelaysMs: readonly number[];
  attemptTimeoutMs: number;
}

export type JobRunOutcome = 'not-claimed' | 'completed' | 'retrying' | 'failed' | 'lease-lost';

type RunDeps = Pick<ExportDeps, 'pool' | 'search' | 'storage' | 'ledger' | 'logger'>;

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The file is written: the job is completed with it and `export.completed` written, in one transaction; false when the attempt no longer holds the job. */
function completeExport(deps: Pick<ExportDeps, 'pool'>, workspaceId: string, lease: JobLease, file: WrittenFile): Promise<boolean> {
  return inTransaction(deps.pool, async (db) => {
    if (!(await markJobCompleted(db, lease, file))) return false;
    await writeOutboxEvents(db, [
      exportEvent('export.completed', { exportId: lease.exportId, workspaceId, totalRecords: file.records, fileSizeBytes: file.sizeBytes }),
    ]);
    return true;
  });
}

/**
 * One attempt at a job, if this worker can take it: the file is written and the job completed;
 * or the attempt failed and the job is released for a later retry; or it was the last attempt and
 * the job fails with a refund. A job claimed past its last attempt (its worker died while ending
 * it) is ended at once.
 */
async function attemptExportJob(deps: RunDeps, exportId: string, settings: JobRunSettings): Promise<JobRunOutcome> {
  const job = await claimJob(deps.pool, exportId, settings.workerId, settings.leaseMs);
  if (!job) return 'not-claimed';
  const lease = { exportId, owner: settings.workerId, attempt: job.attempts };
  const log = deps.logger.child({ exportId, attempt: lease.attempt });

  if (lease.attempt > settings.maxAttempts) {
    return (await failExport(deps, job, lease, job.failureReason ?? 'The export could not be written')) ? 'failed' : 'lease-lost';
  }
  if (lease.attempt > 1) await deps.storage.removeQuietly(exportObjectKey(job, lease.attempt - 1));

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new Error(`The attempt took longer than ${settings.attemptTimeoutMs} ms`)), settings.attemptTimeoutMs);
  // Renewed between batches too; this keeps the lease while a batch or an upload part is slow, and notices losing it.
  const heartbeat = setInterval(() => {
    renewLease(deps.pool, lease, settings.leaseMs)
      .then((held) => {
        if (!held) controller.abort(new LeaseLostError(exportId));
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not renew the lease'));
  }, Math.max(100, Math.floor(settings.leaseMs / 3)));
  try {
    const file = await writeExportFile(deps, job, lease, { batchSize: settings.batchSize, readAhead: settings.readAhead, leaseMs: settings.leaseMs }, controller.signal);
    if (!(await completeExport(deps, job.workspaceId, lease, file))) {
      await deps.storage.removeQuietly(file.objectKey);
      return 'lease-lost';
    }
    log.info({ bytes: file.sizeBytes, records: file.records }, 'export completed');
    return 'completed';
  } catch (error) {
    if (error instanceof LeaseLostError || controller.signal.reason instanceof LeaseLostError) {
      log.warn('lost the job to another worker; this attempt stops');
      return 'lease-lost';
    }
    const reason = describe(error);
    if (lease.attempt >= settings.maxAttempts) {
      log.error({ err: error }, 'last attempt failed; the export fails and is refunded');
      return (await failExport(deps, job, lease, reason)) ? 'failed' : 'lease-lost';
    }
    const delay = settings.retryDelaysMs[Math.min(lease.attempt - 1, settings.retryDelaysMs.length - 1)] ?? 0;
    log.warn({ err: error, retryInMs: delay }, 'attempt failed; will retry');
    return (await releaseForRetry(deps.pool, lease, delay, reason)) ? 'retrying' : 'lease-lost';
  } finally {
    clearTimeout(timeout);
    clearInterval(heartbeat);
  }
}

/** One attempt at the job (see attemptExportJob), counted by outcome once its writes committed. */
export async function runExportJob(deps: RunDeps, exportId: string, settings: JobRunSettings): Promise<JobRunOutcome> {
  const outcome = await attemptExportJob(deps, exportId, settings);
  countExportAttempt(outcome);
  return outcome;
}
