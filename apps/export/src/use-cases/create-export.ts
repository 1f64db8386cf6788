import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, type CreateExportBody, type CreateExportResponse } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { AppError } from '@radar/platform/errors';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { deleteChargeAttempt, recordChargeAttempt } from '../data/charge-attempts.repository';
import { insertJob } from '../data/export-jobs.repository';
import { storeAnswer, storedAnswer } from '../data/idempotency-keys.repository';
import { unlockCompanies, unlockedAmong } from '../data/workspace-unlocks.repository';
import type { ExportDeps } from './deps';
import { chargeReference, EXPORT_CHARGE_REASON } from './export-billing';
import { findCandidates } from './export-candidates';
import { exportEvent } from './export-events';
import { requestFingerprint } from './request-fingerprint';
import { inWorkspaceLock } from './workspace-lock';

export interface CreateExportInput {
  workspaceId: string;
  body: CreateExportBody;
  idempotencyKey?: string;
}

type CreationOutcome =
  | { kind: 'created' | 'replayed'; answer: CreateExportResponse }
  | { kind: 'short'; balance: number; cost: number; matched: number };

const keyReused = (key: string) =>
  new AppError('IDEMPOTENCY_KEY_REUSED', `Idempotency-Key ${JSON.stringify(key)} was used with a different body in the last ${IDEMPOTENCY_KEY_TTL_HOURS} hours`);

/** The first answer for the key, when one was stored in the replay window; a different body is 422. */
async function replayed(
  db: Queryable,
  workspaceId: string,
  key: string | undefined,
  fingerprint: string,
  now: Date,
): Promise<CreateExportResponse | null> {
  if (key === undefined) return null;
  const since = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
  const stored = await storedAnswer(db, workspaceId, key, since);
  if (!stored) return null;
  if (stored.requestHash !== fingerprint) throw keyReused(key);
  return stored.body;
}

/**
 * POST /exports. The companies come from search first; then, under the workspace's lock, what is
 * new is charged at the ledger and the job, its unlocks, the Idempotency-Key answer and the events
 * are written in one transaction. A short balance is 402 and nothing is written.
 *
 * A charge attempt is committed before the charge is asked for and removed by that transaction,
 * so a charge whose job never committed (a crash, a lost database) leaves a trace that is
 * refunded (refund-stale-charges.ts).
 */
export async function createExport(deps: ExportDeps, input: CreateExportInput): Promise<CreateExportResponse> {
  const { workspaceId, body, idempotencyKey } = input;
  const fingerprint = requestFingerprint(body);
  // A replay answers before search is asked anything; the check is repeated under the lock below.
  const early = await replayed(deps.pool, workspaceId, idempotencyKey, fingerprint, deps.now());
  if (early) return early;

  const { companyIds, capped } = await findCandidates(deps, workspaceId, body);
  const exportId = randomUUID();
  await recordChargeAttempt(deps.pool, workspaceId, exportId);

  const outcome = await inWorkspaceLock(deps, workspaceId, async (db): Promise<CreationOutcome> => {
    const now = deps.now();
    const earlier = await replayed(db, workspaceId, idempotencyKey, fingerprint, now);
    if (earlier) {
      await deleteChargeAttempt(db, workspaceId, exportId);
      return { kind: 'replayed', answer: earlier };
    }
    // Gone when the stale-charge sweep refunded it: this creation must not go on.
    if (!(await deleteChargeAttempt(db, workspaceId, exportId))) {
      throw new AppError('SERVICE_UNAVAILABLE', 'The export took too long to create; nothing was charged. Retry with backoff');
    }
    const unlocked = await unlockedAmong(db, workspaceId, companyIds);
    const newIds = companyIds.filter((id) => !unlocked.has(id));
    const cost = newIds.length;

    let transactionId: string | null = null;
    if (cost > 0) {
      const charge = await deps.ledger.charge(workspaceId, cost, EXPORT_CHARGE_REASON, chargeReference(exportId));
      if (charge.status === 'insufficient_balance') {
        return { kind: 'short', balance: charge.balance, cost, matched: companyIds.length };
      }
      if (charge.status !== 'applied') throw new Error(`Unexpected ledger outcome ${charge.status} for a charge`);
      transactionId = charge.transaction.id;
    }

    const answer: CreateExportResponse = {
      export_job: { id: exportId, name: body.name, status: 'pending', export_format: body.export_format, source_type: body.source_type },
      requested_count: companyIds.length,
      already_unlocked: unlocked.size,
      new_count: cost,
      cost,
      credits_charged: cost,
      capped_at_10k: capped,
      transaction_id: transactionId,
    };
    await insertJob(
      db,
      {
        id: exportId,
        workspaceId,
        name: body.name,
        exportFormat: body.export_format,
        sourceType: body.source_type,
        totalRecords: companyIds.length,
        creditsCharged: cost,
        chargeTransactionId: transactionId,
      },
      companyIds,
    );
    await unlockCompanies(db, workspaceId, exportId, newIds);
    if (idempotencyKey !== undefined) await storeAnswer(db, workspaceId, idempotencyKey, { requestHash: fingerprint, exportId, body: answer }, now);
    await writeOutboxEvents(db, [
      exportEvent('export.requested', { exportId, workspaceId }),
      ...(newIds.length > 0 ? [exportEvent('companies.unlocked', { workspaceId, exportId, companyIds: newIds })] : []),
    ]);
    return { kind: 'created', answer };
  });

  if (outcome.kind === 'short') {
    const { balance, cost, matched } = outcome;
    throw new AppError('insufficient_balance', `The export costs ${cost} credits and the balance is ${balance}`, {
      shortfall: cost - balance,
      cost,
      balance,
      matched_count: matched,
    });
  }
  return outcome.answer;
}
