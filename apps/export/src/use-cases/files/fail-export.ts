import type { ExportJobRecord } from '../../data/export-job-record';
import type { JobLease } from '../../data/export-jobs.repository';
import { exportEvent } from '../../data/export-events';
import type { ExportDeps } from '../deps';
import { chargeReference, EXPORT_REFUND_REASON, refundReference } from '../export-billing';

/**
 * A job that cannot finish: its charge is refunded in full (reason `export_refund`, reference
 * `export:<id>:refund`), then it is marked failed and the companies it unlocked are locked again,
 * with `companies.locked` and `export.failed`, in one transaction. The refund comes first and is
 * idempotent at the ledger, so a crash in between refunds nothing twice: the next attempt finds
 * the job still held by nobody and ends it the same way.
 */
export async function failExport(
  deps: Pick<ExportDeps, 'jobs' | 'ledger'>,
  job: ExportJobRecord,
  lease: JobLease,
  reason: string,
): Promise<boolean> {
  let refunded = 0;
  if (job.creditsCharged > 0) {
    const refund = await deps.ledger.refund(job.workspaceId, chargeReference(job.id), EXPORT_REFUND_REASON, refundReference(job.id));
    if (refund.status !== 'applied') throw new Error(`The ledger has no charge ${chargeReference(job.id)} to refund (${refund.status})`);
    refunded = job.creditsCharged;
  }
  const locked = await deps.jobs.fail({ ...lease, workspaceId: job.workspaceId }, { reason, creditsRefunded: refunded }, (companyIds) => [
    ...(companyIds.length > 0 ? [exportEvent('companies.locked', { workspaceId: job.workspaceId, exportId: job.id, companyIds }, job.id)] : []),
    exportEvent('export.failed', { exportId: job.id, workspaceId: job.workspaceId, reason, creditsRefunded: refunded }, job.id),
  ]);
  return locked !== null;
}
