import type { Pool } from 'pg';
import type { CreateExportResponse } from '@radar/contracts';
import { inTransaction, type Queryable } from '@radar/platform/database';
import type { NewExportJob } from './export-job-record';
import { recordEvents, type ExportEvent } from './export-events';
import { lockWorkspace } from './workspace-lock';

export interface StoredAnswer {
  requestHash: string;
  exportId: string;
  body: CreateExportResponse;
}

/**
 * The statements of one export's creation, all in one transaction under the workspace's lock:
 * what the workspace already unlocked, the job with its companies and unlocks, the
 * Idempotency-Key answer and the events. The use case decides; this runs statements.
 */
export class CreationSession {
  constructor(
    private readonly client: Queryable,
    readonly workspaceId: string,
  ) {}

  /** The answer stored for the key, if it was stored after `since`. */
  async storedAnswer(key: string, since: Date): Promise<StoredAnswer | null> {
    const { rows } = await this.client.query<StoredAnswer>({
      name: 'export-idempotency-answer',
      text: `SELECT request_hash AS "requestHash", export_id AS "exportId", response_body AS body FROM idempotency_keys
             WHERE workspace_id = $1::uuid AND key = $2 AND created_at > $3`,
      values: [this.workspaceId, key, since],
    });
    return rows[0] ?? null;
  }

  /**
   * Removes the export's charge attempt; false when it is gone (the stale-charge sweep refunded
   * it), in which case this creation must not go on. Rolled back with the transaction otherwise.
   */
  async takeChargeAttempt(exportId: string): Promise<boolean> {
    const { rowCount } = await this.client.query({
      name: 'export-charge-attempt-take',
      text: 'DELETE FROM charge_attempts WHERE export_id = $1::uuid AND workspace_id = $2::uuid',
      values: [exportId, this.workspaceId],
    });
    return rowCount === 1;
  }

  /** Which of `companyIds` the workspace has unlocked. */
  async unlockedAmong(companyIds: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.client.query<{ company_id: string }>({
      name: 'export-unlocked-among',
      text: 'SELECT company_id::text FROM workspace_unlocks WHERE workspace_id = $1::uuid AND company_id = ANY($2::uuid[])',
      values: [this.workspaceId, companyIds],
    });
    return new Set(rows.map((row) => row.company_id));
  }

  async insertJob(job: NewExportJob, companyIds: readonly string[]): Promise<void> {
    await this.client.query({
      name: 'export-job-insert',
      text: `INSERT INTO export_jobs (id, workspace_id, name, export_format, source_type, status, total_records, credits_charged, charge_transaction_id)
             VALUES ($1::uuid, $2::uuid, $3, $4, $5, 'pending', $6, $7, $8::uuid)`,
      values: [job.id, job.workspaceId, job.name, job.exportFormat, job.sourceType, job.totalRecords, job.creditsCharged, job.chargeTransactionId],
    });
    await this.client.query({
      name: 'export-companies-insert',
      text: 'INSERT INTO export_companies (export_id, company_ids) VALUES ($1::uuid, $2::uuid[])',
      values: [job.id, companyIds],
    });
  }

  async unlock(exportId: string, companyIds: readonly string[]): Promise<void> {
    if (companyIds.length === 0) return;
    await this.client.query({
      name: 'export-unlock',
      text: `INSERT INTO workspace_unlocks (workspace_id, company_id, export_id)
             SELECT $1::uuid, company_id, $2::uuid FROM unnest($3::uuid[]) AS company_id`,
      values: [this.workspaceId, exportId, companyIds],
    });
  }

  /** Stores the answer for the key, replacing one older than the replay window. */
  async storeAnswer(key: string, answer: StoredAnswer, now: Date): Promise<void> {
    await this.client.query({
      name: 'export-idempotency-store',
      text: `INSERT INTO idempotency_keys (workspace_id, key, request_hash, export_id, response_body, created_at)
             VALUES ($1::uuid, $2, $3, $4::uuid, $5::jsonb, $6)
             ON CONFLICT (workspace_id, key) DO UPDATE
             SET request_hash = EXCLUDED.request_hash, export_id = EXCLUDED.export_id,
                 response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at`,
      values: [this.workspaceId, key, answer.requestHash, answer.exportId, JSON.stringify(answer.body), now],
    });
  }

  /** Events committed with the job; the platform's relay publishes them. */
  recordEvents(events: readonly ExportEvent[]): Promise<void> {
    return recordEvents(this.client, events);
  }
}

/** Charge attempts, and the transactions that create exports under a workspace's lock. */
export class ExportCreationRepository {
  constructor(private readonly pool: Pool) {}

  /** Committed on its own, before the charge is asked for: the trace of a charge that may be taken. */
  async recordChargeAttempt(exportId: string, workspaceId: string): Promise<void> {
    await this.pool.query({
      name: 'export-charge-attempt-record',
      text: 'INSERT INTO charge_attempts (export_id, workspace_id) VALUES ($1::uuid, $2::uuid)',
      values: [exportId, workspaceId],
    });
  }

  /** Charge attempts older than `olderThanMs`: their requests are over, and any job they created removed them. */
  async staleChargeAttempts(olderThanMs: number, limit: number): Promise<{ exportId: string; workspaceId: string }[]> {
    const { rows } = await this.pool.query<{ exportId: string; workspaceId: string }>({
      name: 'export-charge-attempts-stale',
      text: `SELECT export_id AS "exportId", workspace_id AS "workspaceId" FROM charge_attempts
             WHERE created_at < now() - $1 * interval '1 millisecond' ORDER BY created_at LIMIT $2`,
      values: [olderThanMs, limit],
    });
    return rows;
  }

  /** Runs `work` in one transaction holding the workspace's lock; it commits when `work` returns. */
  inWorkspace<T>(workspaceId: string, work: (session: CreationSession) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      await lockWorkspace(client, workspaceId);
      return work(new CreationSession(client, workspaceId));
    });
  }

  /** The workspace's stored Idempotency-Key answers, read without the lock. */
  answersOf(workspaceId: string): Pick<CreationSession, 'storedAnswer'> {
    return new CreationSession(this.pool, workspaceId);
  }

  /** Which of `companyIds` the workspace has unlocked (preview: no lock, a snapshot). */
  unlockedAmong(workspaceId: string, companyIds: readonly string[]): Promise<Set<string>> {
    return new CreationSession(this.pool, workspaceId).unlockedAmong(companyIds);
  }

  /** Removes Idempotency-Key answers older than `keepMs`. */
  async pruneAnswers(keepMs: number): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 millisecond'`, [keepMs]);
    return rowCount ?? 0;
  }
}
