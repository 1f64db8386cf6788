import type { Pool } from 'pg';
import type { ExportStatus } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { JOB_COLUMNS, type ExportJobRecord } from './export-job-record';
import { recordEvents, type ExportEvent } from './export-events';
import { lockWorkspace } from './workspace-lock';

/** The attempt that holds a job: its worker and its attempt number (the fencing token). */
export interface JobLease {
  exportId: string;
  owner: string;
  attempt: number;
}

/** Every write of a running attempt is conditional on still holding the job: $1 id, $2 owner, $3 attempt. */
const HELD = `id = $1::uuid AND lease_owner = $2::uuid AND attempts = $3 AND status = 'processing'`;
const heldValues = (lease: JobLease) => [lease.exportId, lease.owner, lease.attempt];

/**
 * Export jobs: reads for the API, and the worker's claim, progress and outcome. Plain SQL on the
 * service's pool: the worker's memory budget has no room for Prisma's query engine (~90 MB), and
 * the statements are few and fixed.
 */
export class ExportJobsRepository {
  constructor(private readonly pool: Pool) {}

  async findInWorkspace(workspaceId: string, exportId: string): Promise<ExportJobRecord | null> {
    const { rows } = await this.pool.query<ExportJobRecord>({
      name: 'export-job-in-workspace',
      text: `SELECT ${JOB_COLUMNS} FROM export_jobs WHERE id = $1::uuid AND workspace_id = $2::uuid`,
      values: [exportId, workspaceId],
    });
    return rows[0] ?? null;
  }

  /** Newest first; the total counts every job of the filter. */
  async listInWorkspace(
    workspaceId: string,
    page: { limit: number; offset: number; status?: ExportStatus },
  ): Promise<{ items: ExportJobRecord[]; total: number }> {
    const status = page.status ?? null;
    const [items, total] = await Promise.all([
      this.pool.query<ExportJobRecord>({
        name: 'export-jobs-page',
        text: `SELECT ${JOB_COLUMNS} FROM export_jobs WHERE workspace_id = $1::uuid AND ($2::text IS NULL OR status = $2)
               ORDER BY seq DESC LIMIT $3 OFFSET $4`,
        values: [workspaceId, status, page.limit, page.offset],
      }),
      this.pool.query<{ total: number }>({
        name: 'export-jobs-total',
        text: 'SELECT count(*)::int AS total FROM export_jobs WHERE workspace_id = $1::uuid AND ($2::text IS NULL OR status = $2)',
        values: [workspaceId, status],
      }),
    ]);
    return { items: items.rows, total: total.rows[0]?.total ?? 0 };
  }

  /** The job's companies in the file's order. */
  async companyIds(exportId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ ids: string[] }>({
      name: 'export-job-companies',
      text: 'SELECT company_ids::text[] AS ids FROM export_companies WHERE export_id = $1::uuid',
      values: [exportId],
    });
    return rows[0]?.ids ?? [];
  }

  /**
   * Takes a job for one attempt when nobody holds it and it is due: pending, or processing with
   * an expired lease (its worker died) or a retry whose time has come. Counting the attempt and
   * taking the lease is one conditional UPDATE, so two workers never hold one job.
   */
  async claim(exportId: string, owner: string, leaseMs: number): Promise<ExportJobRecord | null> {
    const { rows } = await this.pool.query<ExportJobRecord>({
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
    return rows[0] ?? null;
  }

  /** Jobs a worker may take now (oldest first): missed events, expired leases, retries that are due. */
  async due(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'export-jobs-due',
      text: `SELECT id FROM export_jobs
             WHERE status IN ('pending', 'processing')
               AND (lease_expires_at IS NULL OR lease_expires_at < now())
               AND (retry_at IS NULL OR retry_at <= now())
             ORDER BY seq LIMIT $1`,
      values: [limit],
    });
    return rows.map((row) => row.id);
  }

  /** Records progress and renews the lease; false when the attempt no longer holds the job. */
  async reportProgress(lease: JobLease, processedRecords: number, leaseMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query({
      name: 'export-job-progress',
      text: `UPDATE export_jobs SET processed_records = $4, lease_expires_at = now() + $5 * interval '1 millisecond' WHERE ${HELD}`,
      values: [...heldValues(lease), processedRecords, leaseMs],
    });
    return rowCount === 1;
  }

  /** Renews the lease only; false when the attempt no longer holds the job. */
  async renewLease(lease: JobLease, leaseMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query({
      name: 'export-job-renew-lease',
      text: `UPDATE export_jobs SET lease_expires_at = now() + $4 * interval '1 millisecond' WHERE ${HELD}`,
      values: [...heldValues(lease), leaseMs],
    });
    return rowCount === 1;
  }

  /** The attempt failed and another will follow: the job is released for `delayMs`. */
  async scheduleRetry(lease: JobLease, delayMs: number, reason: string): Promise<boolean> {
    const { rowCount } = await this.pool.query({
      name: 'export-job-retry',
      text: `UPDATE export_jobs SET lease_owner = NULL, lease_expires_at = NULL, retry_at = now() + $4 * interval '1 millisecond',
                    failure_reason = $5
             WHERE ${HELD}`,
      values: [...heldValues(lease), delayMs, reason],
    });
    return rowCount === 1;
  }

  /** The file is written: the job is completed with it, and the event recorded, in one transaction. */
  async complete(lease: JobLease, file: { objectKey: string; sizeBytes: number; records: number }, events: ExportEvent[]): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query({
        name: 'export-job-complete',
        text: `UPDATE export_jobs SET status = 'completed', object_key = $4, file_size_bytes = $5, processed_records = $6,
                      completed_at = now(), lease_owner = NULL, lease_expires_at = NULL, failure_reason = NULL
               WHERE ${HELD}`,
        values: [...heldValues(lease), file.objectKey, file.sizeBytes, file.records],
      });
      if (rowCount !== 1) return false;
      await recordEvents(client, events);
      return true;
    });
  }

  /**
   * The job ends failed and refunded: the status, the refund it got and the removal of the
   * companies it unlocked commit together with their events. Under the workspace's lock, so a
   * create computing what is already unlocked sees either all of it or none of it. Returns the
   * companies locked again, or null when the attempt no longer holds the job.
   */
  async fail(
    lease: JobLease & { workspaceId: string },
    outcome: { reason: string; creditsRefunded: number },
    events: (lockedCompanyIds: string[]) => ExportEvent[],
  ): Promise<string[] | null> {
    return inTransaction(this.pool, async (client) => {
      await lockWorkspace(client, lease.workspaceId);
      const { rowCount } = await client.query({
        name: 'export-job-fail',
        text: `UPDATE export_jobs SET status = 'failed', failed_at = now(), failure_reason = $4, credits_refunded = $5,
                      lease_owner = NULL, lease_expires_at = NULL, retry_at = NULL
               WHERE ${HELD}`,
        values: [...heldValues(lease), outcome.reason, outcome.creditsRefunded],
      });
      if (rowCount !== 1) return null;
      const { rows } = await client.query<{ company_id: string }>({
        name: 'export-unlocks-undo',
        text: 'DELETE FROM workspace_unlocks WHERE workspace_id = $1::uuid AND export_id = $2::uuid RETURNING company_id::text',
        values: [lease.workspaceId, lease.exportId],
      });
      const companyIds = rows.map((row) => row.company_id);
      await recordEvents(client, events(companyIds));
      return companyIds;
    });
  }
}
