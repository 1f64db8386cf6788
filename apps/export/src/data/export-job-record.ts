import type { ExportFormat, ExportSourceType, ExportStatus } from '@radar/contracts';

/** An export job as stored (export_jobs). */
export interface ExportJobRecord {
  id: string;
  workspaceId: string;
  name: string;
  exportFormat: ExportFormat;
  sourceType: ExportSourceType;
  status: ExportStatus;
  totalRecords: number;
  processedRecords: number;
  fileSizeBytes: number | null;
  objectKey: string | null;
  creditsCharged: number;
  creditsRefunded: number;
  chargeTransactionId: string | null;
  /** Attempts started; the fencing token of the attempt that holds the job. */
  attempts: number;
  failureReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
}

/** The SELECT list that reads a row of export_jobs as an ExportJobRecord. */
export const JOB_COLUMNS = `id, workspace_id AS "workspaceId", name, export_format AS "exportFormat", source_type AS "sourceType", status,
  total_records AS "totalRecords", processed_records AS "processedRecords", file_size_bytes::float8 AS "fileSizeBytes",
  object_key AS "objectKey", credits_charged AS "creditsCharged", credits_refunded AS "creditsRefunded",
  charge_transaction_id AS "chargeTransactionId", attempts, failure_reason AS "failureReason", created_at AS "createdAt",
  started_at AS "startedAt", completed_at AS "completedAt", failed_at AS "failedAt"`;

/** A job about to be created. */
export interface NewExportJob {
  id: string;
  workspaceId: string;
  name: string;
  exportFormat: ExportFormat;
  sourceType: ExportSourceType;
  totalRecords: number;
  creditsCharged: number;
  chargeTransactionId: string | null;
}
