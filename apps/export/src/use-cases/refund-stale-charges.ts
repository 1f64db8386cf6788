import type { Logger } from 'pino';
import type { ExportDeps } from './deps';
import { chargeReference, EXPORT_REFUND_REASON, refundReference } from './export-billing';

/**
 * Charges that may have been taken for exports that were never created: a charge attempt is
 * committed before the ledger is asked, and the transaction that creates the job removes it. One
 * still there after its request is long over means that transaction never committed. Under the
 * workspace's lock (the lock the create held until its commit), the charge is refunded if the
 * ledger took it, and the attempt is dropped.
 */
export async function refundStaleCharges(
  deps: Pick<ExportDeps, 'creation' | 'ledger'>,
  olderThanMs: number,
  logger: Logger,
): Promise<number> {
  const stale = await deps.creation.staleChargeAttempts(olderThanMs, 50);
  let refunded = 0;
  for (const attempt of stale) {
    await deps.creation.inWorkspace(attempt.workspaceId, async (session) => {
      if (!(await session.takeChargeAttempt(attempt.exportId))) return;
      const outcome = await deps.ledger.refund(
        attempt.workspaceId,
        chargeReference(attempt.exportId),
        EXPORT_REFUND_REASON,
        refundReference(attempt.exportId),
      );
      if (outcome.status === 'applied') {
        refunded += 1;
        logger.warn({ exportId: attempt.exportId, workspaceId: attempt.workspaceId }, 'refunded the charge of an export that was never created');
      }
    });
  }
  return refunded;
}
