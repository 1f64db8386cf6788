import type { ExportJob } from '@radar/contracts';
import type { ExportJobRecord } from '../data/export-jobs.repository';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** An export job as the API shows it. */
export function toExportJobView(job: ExportJobRecord): ExportJob {
  return {
    id: job.id,
    workspace_id: job.workspaceId,
    name: job.name,
    export_format: job.exportFormat,
    source_type: job.sourceType,
    status: job.status,
    total_records: job.totalRecords,
    processed_records: job.processedRecords,
    file_size_bytes: job.fileSizeBytes,
    credits_charged: job.creditsCharged,
    credits_refunded: job.creditsRefunded,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    completed_at: iso(job.completedAt),
    failed_at: iso(job.failedAt),
    failure_reason: job.status === 'failed' ? job.failureReason : null,
  };
}
