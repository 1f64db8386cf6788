import { chargeAttemptsOlderThan, deleteChargeAttempt } from '../data/charge-attempts.repository';
import type { ExportDeps } from './deps';
import { chargeReference, EXPORT_REFUND_REASON, refundReference } from './export-billing';
import { inWorkspaceLock } from './workspace-lock';

/** Charge attempts looked at per sweep; the next sweep takes the rest. */
const SWEEP_SIZE = 50;

/**
 * Charges that may have been taken for exports that were never created: a charge attempt is
 * committed before the ledger is asked, and the transaction that creates the job removes it. One
 * still there after its request is long over means that transaction never committed. Under the
 * workspace's lock (the lock the create held until its commit), the charge is refunded if the
 * ledger took it, and the attempt is dropped.
 */
export async function refundStaleCharges(deps: Pick<ExportDeps, 'pool' | 'ledger' | 'logger'>, olderThanMs: number): Promise<number> {
  const stale = await chargeAttemptsOlderThan(deps.pool, olderThanMs, SWEEP_SIZE);
  let refunded = 0;
  for (const attempt of stale) {
    await inWorkspaceLock(deps, attempt.workspaceId, async (db) => {
      if (!(await deleteChargeAttempt(db, attempt.workspaceId, attempt.exportId))) return;
      const outcome = await deps.ledger.refund(
        attempt.workspaceId,
        chargeReference(attempt.exportId),
        EXPORT_REFUND_REASON,
        refundReference(attempt.exportId),
      );
      if (outcome.status === 'applied') {
        refunded += 1;
        deps.logger.warn({ exportId: attempt.exportId, workspaceId: attempt.workspaceId }, 'refunded the charge of an export that was never created');
      }
    });
  }
  return refunded;
}
