import { writeOutboxEvents } from '@radar/platform/outbox';
import { markJobFailed, type ExportJobRecord, type JobLease } from '../../data/export-jobs.repository';
import { deleteUnlocksOfExport } from '../../data/workspace-unlocks.repository';
import type { ExportDeps } from '../deps';
import { chargeReference, EXPORT_REFUND_REASON, refundReference } from '../export-billing';
import { exportEvent } from '../export-events';
import { inWorkspaceLock } from '../workspace-lock';

/**
 * A job that cannot finish: its charge is refunded in full (reason `export_refund`, reference
 * `export:<id>:refund`), then it is marked failed and the companies it unlocked are locked again,
 * with `companies.locked` and `export.failed`, in one transaction under the workspace's lock (a
 * create computing what is already unlocked sees all of it or none of it). The refund comes first
 * and is idempotent at the ledger, so a crash in between refunds nothing twice: the next attempt
 * finds the job still held by nobody and ends it the same way. False when the attempt no longer
 * holds the job.
 */
export async function failExport(deps: Pick<ExportDeps, 'pool' | 'ledger'>, job: ExportJobRecord, lease: JobLease, reason: string): Promise<boolean> {
  let refunded = 0;
  if (job.creditsCharged > 0) {
    const refund = await deps.ledger.refund(job.workspaceId, chargeReference(job.id), EXPORT_REFUND_REASON, refundReference(job.id));
    if (refund.status !== 'applied') throw new Error(`The ledger has no charge ${chargeReference(job.id)} to refund (${refund.status})`);
    refunded = job.creditsCharged;
  }
  return inWorkspaceLock(deps, job.workspaceId, async (db) => {
    if (!(await markJobFailed(db, lease, { reason, creditsRefunded: refunded }))) return false;
    const companyIds = await deleteUnlocksOfExport(db, job.workspaceId, job.id);
    await writeOutboxEvents(db, [
      ...(companyIds.length > 0 ? [exportEvent('companies.locked', { workspaceId: job.workspaceId, exportId: job.id, companyIds })] : []),
      exportEvent('export.failed', { exportId: job.id, workspaceId: job.workspaceId, reason, creditsRefunded: refunded }),
    ]);
    return true;
  });
}
