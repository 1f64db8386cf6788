import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_SOURCE_TYPES, EXPORT_STATUSES, type ExportStatus } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/**
 * Export jobs and their companies: statements only. Which job is due, what a failed attempt
 * leads to and which events follow are the use cases'; that two workers never hold one job is
 * the conditional UPDATE's. Plain SQL: the worker's memory budget has no room for Prisma's query
 * engine (~90 MB), and the statements are few and fixed.
 */

const jobRow = z
  .object({
    id: z.string(),
    workspace_id: z.string(),
    name: z.string(),
    export_format: z.enum(EXPORT_FORMATS),
    source_type: z.enum(EXPORT_SOURCE_TYPES),
    status: z.enum(EXPORT_STATUSES),
    total_records: z.number(),
    processed_records: z.number(),
    file_size_bytes: z.number().nullable(),
    object_key: z.string().nullable(),
    credits_charged: z.number(),
    credits_refunded: z.number(),
    charge_transaction_id: z.string().nullable(),
    attempts: z.number(),
    failure_reason: z.string().nullable(),
    created_at: z.date(),
    started_at: z.date().nullable(),
    completed_at: z.date().nullable(),
    failed_at: z.date().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    exportFormat: row.export_format,
    sourceType: row.source_type,
    status: row.status,
    totalRecords: row.total_records,
    processedRecords: row.processed_records,
    fileSizeBytes: row.file_size_bytes,
    objectKey: row.object_key,
    creditsCharged: row.credits_charged,
    creditsRefunded: row.credits_refunded,
    chargeTransactionId: row.charge_transaction_id,
    /** Attempts started; the fencing token of the attempt that holds the job. */
    attempts: row.attempts,
    failureReason: row.failure_reason,
    createdAt: row.created_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    failedAt: row.failed_at,
  }));

/** An export job as stored (export_jobs). */
export type ExportJobRecord = z.output<typeof jobRow>;

/** A job about to be created. */
export type NewExportJob = Pick<
  ExportJobRecord,
  'id' | 'workspaceId' | 'name' | 'exportFormat' | 'sourceType' | 'totalRecords' | 'creditsCharged' | 'chargeTransactionId'
>;

/** The attempt that holds a job: its worker and its attempt number (the fencing token). */
export interface JobLease {
  exportId: string;
  owner: string;
  attempt: number;
}

const JOB_COLUMNS = `id, workspace_id, name, export_format, source_type, status, total_records, processed_records,
  file_size_bytes::float8 AS file_size_bytes, object_key, credits_charged, credits_refunded, charge_transaction_id, attempts,
  failure_reason, created_at, started_at, completed_at, failed_at`;

/** Every write of a running attempt is conditional on still holding the job: $1 id, $2 owner, $3 attempt. */
const HELD = `id = $1::uuid AND lease_owner = $2::uuid AND attempts = $3 AND status = 'processing'`;
const heldValues = (lease: JobLease) => [lease.exportId, lease.owner, lease.attempt];

const firstJob = (rows: unknown[]): ExportJobRecord | null => (rows[0] === undefined ? null : jobRow.parse(rows[0]));

export async function insertJob(db: Queryable, job: NewExportJob, companyIds: readonly string[]): Promise<void> {
  await db.query({
    name: 'export-job-insert',
    text: `INSERT INTO export_jobs (id, workspace_id, name, export_format, source_type, status, total_records, credits_charged, charge_transaction_id)
           VALUES ($1::uuid, $2::uuid, $3, $4, $5, 'pending', $6, $7, $8::uuid)`,
    values: [job.id, job.workspaceId, job.name, job.exportFormat, job.sourceType, job.totalRecords, job.creditsCharged, job.chargeTransactionId],
  });
  await db.query({
    name: 'export-companies-insert',
    text: 'INSERT INTO export_companies (export_id, company_ids) VALUES ($1::uuid, $2::uuid[])',
    values: [job.id, companyIds],
  });
}

export async function findJobInWorkspace(db: Queryable, workspaceId: string, exportId: string): Promise<ExportJobRecord | null> {
  const { rows } = await db.query({
    name: 'export-job-in-workspace',
    text: `SELECT ${JOB_COLUMNS} FROM export_jobs WHERE id = $1::uuid AND workspace_id = $2::uuid`,
    values: [exportId, workspaceId],
  });
  return firstJob(rows);
}

/** Newest first; the total counts every job of the filter. */
export async function listJobsInWorkspace(
  db: Queryable,
  workspaceId: string,
  page: { limit: number; offset: number; status?: ExportStatus },
): Promise<{ items: ExportJobRecord[]; total: number }> {
  const status = page.status ?? null;
  const [items, total] = await Promise.all([
    db.query({
      name: 'export-jobs-page',
      text: `SELECT ${JOB_COLUMNS} FROM export_jobs WHERE workspace_id = $1::uuid AND ($2::text IS NULL OR status = $2)
             ORDER BY seq DESC LIMIT $3 OFFSET $4`,
      values: [workspaceId, status, page.limit, page.offset],
    }),
    db.query({
      name: 'export-jobs-total',
      text: 'SELECT count(*)::int AS total FROM export_jobs WHERE workspace_id = $1::uuid AND ($2::text IS NULL OR status = $2)',
      values: [workspaceId, status],
    }),
  ]);
  return { items: items.rows.map((row) => jobRow.parse(row)), total: z.object({ total: z.number() }).parse(total.rows[0]).total };
}

/** The job's companies in the file's order. */
export async function jobCompanyIds(db: Queryable, workspaceId: string, exportId: string): Promise<string[]> {
  const { rows } = await db.query({
    name: 'export-job-companies',
    text: `SELECT c.company_ids::text[] AS ids FROM export_companies c JOIN export_jobs j ON j.id = c.export_id
           WHERE c.export_id = $1::uuid AND j.workspace_id = $2::uuid`,
    values: [exportId, workspaceId],
  });
  return rows[0] === undefined ? [] : z.object({ ids: z.array(z.string()) }).parse(rows[0]).ids;
}

/**
 * Takes a job for one attempt when nobody holds it and it is due: pending, or processing with
 * an expired lease or a retry whose time has come. Counting the attempt and taking the lease is
 * one conditional UPDATE, so two workers never hold one job.
 */
export async function claimJob(db: Queryable, exportId: string, owner: string, leaseMs: number): Promise<ExportJobRecord | null> {
  const { rows } = await db.query({
    name: 'export-job-claim',
    text: `UPDATE export_jobs
           SET status = 'processing', lease_owner = $2::uuid, lease_expires_at = now() + $3 * interval '1 millisecond',
               attempts = attempts + 1, processed_records = 0, retry_at = NULL, started_at = coalesce(started_at, now())
           WHERE id = $1::uuid AND status IN ('pending', 'processing')
             AND (lease_expires_at IS NULL OR lease_expires_at < now())
             AND (retry_at IS NULL OR retry_at <= now())
           RETURNING ${JOB_COLUMNS}`,
    values: [exportId, owner, leaseMs],
  });
  return firstJob(rows);
}

/** Jobs nobody holds that may be claimed now (oldest first): pending, with an expired lease, or with a retry that is due. */
export async function dueJobIds(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query({
    name: 'export-jobs-due',
    text: `SELECT id FROM export_jobs
           WHERE status IN ('pending', 'processing')
             AND (lease_expires_at IS NULL OR lease_expires_at < now())
             AND (retry_at IS NULL OR retry_at <= now())
           ORDER BY seq LIMIT $1`,
    values: [limit],
  });
  return rows.map((row) => z.object({ id: z.string() }).parse(row).id);
}

/** Records progress and renews the lease; false when the attempt no longer holds the job. */
export async function reportProgress(db: Queryable, lease: JobLease, processedRecords: number, leaseMs: number): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'export-job-progress',
    text: `UPDATE export_jobs SET processed_records = $4, lease_expires_at = now() + $5 * interval '1 millisecond' WHERE ${HELD}`,
    values: [...heldValues(lease), processedRecords, leaseMs],
  });
  return rowCount === 1;
}

/** Renews the lease only; false when the attempt no longer holds the job. */
export async function renewLease(db: Queryable, lease: JobLease, leaseMs: number): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'export-job-renew-lease',
    text: `UPDATE export_jobs SET lease_expires_at = now() + $4 * interval '1 millisecond' WHERE ${HELD}`,
    values: [...heldValues(lease), leaseMs],
  });
  return rowCount === 1;
}

/** Releases the job until `delayMs` from now, keeping the reason; false when the attempt no longer holds it. */
export async function releaseForRetry(db: Queryable, lease: JobLease, delayMs: number, reason: string): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'export-job-retry',
    text: `UPDATE export_jobs SET lease_owner = NULL, lease_expires_at = NULL, retry_at = now() + $4 * interval '1 millisecond',
                  failure_reason = $5
           WHERE ${HELD}`,
    values: [...heldValues(lease), delayMs, reason],
  });
  return rowCount === 1;
}

/** Marks the job completed with its file; false when the attempt no longer holds it. */
export async function markJobCompleted(
  db: Queryable,
  lease: JobLease,
  file: { objectKey: string; sizeBytes: number; records: number },
): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'export-job-complete',
    text: `UPDATE export_jobs SET status = 'completed', object_key = $4, file_size_bytes = $5, processed_records = $6,
                  completed_at = now(), lease_owner = NULL, lease_expires_at = NULL, failure_reason = NULL
           WHERE ${HELD}`,
    values: [...heldValues(lease), file.objectKey, file.sizeBytes, file.records],
  });
  return rowCount === 1;
}

/** Marks the job failed with its reason and refund; false when the attempt no longer holds it. */
export async function markJobFailed(db: Queryable, lease: JobLease, outcome: { reason: string; creditsRefunded: number }): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'export-job-fail',
    text: `UPDATE export_jobs SET status = 'failed', failed_at = now(), failure_reason = $4, credits_refunded = $5,
                  lease_owner = NULL, lease_expires_at = NULL, retry_at = NULL
           WHERE ${HELD}`,
    values: [...heldValues(lease), outcome.reason, outcome.creditsRefunded],
  });
  return rowCount === 1;
}
