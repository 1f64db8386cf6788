import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { inTraceOf } from '@radar/platform/telemetry';
import {
  addRunCounts,
  markChecksRequested,
  queuedChecks,
  skipQueuedChecks,
  type CheckRequest,
  type QueuedCheck,
  type RunToDispatch,
} from '../../data/check-progress.repository';
import { lockMonitor, monitorRecord, updateMonitor, type MonitorRecord } from '../../data/monitor.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { chargeReference, MONITOR_CHARGE_REASON } from './charge-reference';
import { settleRunIfDone } from './settle-run';

type Deps = Pick<MonitorSchedulerDeps, 'pool' | 'ledger' | 'settings' | 'now'>;

const requestOf = (run: RunToDispatch, monitor: MonitorRecord, check: QueuedCheck): CheckRequest => ({
  checkId: check.id,
  runId: run.id,
  runDate: run.runDate,
  workspaceId: run.workspaceId,
  monitorId: monitor.id,
  monitorName: monitor.name,
  domain: check.domain,
  signalType: check.signalType,
  deliveryMethod: monitor.deliveryMethod,
  webhookId: monitor.webhookId,
  slackConnectionId: monitor.slackConnectionId,
  jobOpeningFilters: monitor.jobOpeningFilters,
});

export const outOfCreditsMessage = (runDate: string, skipped: number): string =>
  `Credits ran out during the run of ${runDate}: ${skipped} check${skipped === 1 ? '' : 's'} skipped. ` +
  'The monitor resumes by itself at the next daily run after credits are added.';

/**
 * Charges the run's queued checks in order, each before it is made, and hands the charged ones
 * to signal-ingest (`signal.check.requested`, through the outbox). Checks are charged in
 * batches (one ledger transaction each, one charge and reference per check); the ledger takes
 * them in order and refuses, once the balance runs out, the first one it cannot cover and every
 * later one. Then every check not charged yet is skipped and the monitor pauses. Safe to repeat
 * after any interruption: charges are idempotent on their references, and a check is recorded
 * as requested only once.
 */
export function dispatchRun(deps: Deps, run: RunToDispatch, signal: AbortSignal): Promise<void> {
  // The run's trace (its id is the run id): the check requests carry it to signal-ingest, and
  // their answers, the run's end and its deliveries continue it.
  return inTraceOf(run.id, 'monitor.run.dispatch', () => chargeAndRequestChecks(deps, run, signal));
}

async function chargeAndRequestChecks(deps: Deps, run: RunToDispatch, signal: AbortSignal): Promise<void> {
  const monitor = await monitorRecord(deps.pool, run.workspaceId, run.monitorId);
  if (!monitor) return;
  for (;;) {
    signal.throwIfAborted();
    const queued = await queuedChecks(deps.pool, run.workspaceId, run.id, deps.settings.chargeBatch);
    if (queued.length === 0) return;
    const answer = await deps.ledger.chargeBatch({
      workspaceId: run.workspaceId,
      reason: MONITOR_CHARGE_REASON,
      charges: queued.map((check) => ({ reference: chargeReference(monitor.id, run.runDate, check.domain, check.signalType), amount: 1 })),
    });
    const charged = queued.filter((_, position) => answer.outcomes[position]?.status === 'applied');
    await markRequested(
      deps,
      run,
      charged.map((check) => requestOf(run, monitor, check)),
    );
    if (charged.length < queued.length) {
      await skipForCredits(deps, run);
      return;
    }
  }
}

/**
 * Charged checks become `requested`, and their `signal.check.requested` events go to the
 * outbox in the same transaction: a check is asked of signal-ingest if and only if it is
 * recorded as charged.
 */
async function markRequested(deps: Deps, run: RunToDispatch, requests: readonly CheckRequest[]): Promise<void> {
  if (requests.length === 0) return;
  await inTransaction(deps.pool, async (db) => {
    const marked = new Set(await markChecksRequested(db, run.workspaceId, run.id, requests.map((request) => request.checkId), deps.now()));
    if (marked.size === 0) return;
    await addRunCounts(db, run.workspaceId, run.id, { charged: marked.size });
    await writeOutboxEvents(
      db,
      requests.filter((request) => marked.has(request.checkId)).map((request) => ({ subject: 'signal.check.requested' as const, payload: request })),
    );
  });
}

/**
 * Credits ran out: every check of the run not charged yet is `skipped_credits` (never
 * charged, settled at once), the monitor, if still active, pauses as `paused_no_credits`
 * saying why, and the run ends if nothing else is open (`partial`: some checks were skipped).
 */
export async function skipForCredits(deps: Pick<Deps, 'pool' | 'now'>, run: Pick<RunToDispatch, 'id' | 'workspaceId' | 'monitorId' | 'runDate'>): Promise<number> {
  const at = deps.now();
  return inTransaction(deps.pool, async (db) => {
    const skipped = await skipQueuedChecks(db, run.workspaceId, run.id, at);
    if (skipped > 0) {
      await addRunCounts(db, run.workspaceId, run.id, { skippedCredits: skipped, settled: skipped });
      const monitor = await lockMonitor(db, run.workspaceId, run.monitorId);
      if (monitor?.status === 'active') {
        await updateMonitor(db, run.workspaceId, run.monitorId, { status: 'paused_no_credits', lastError: outOfCreditsMessage(run.runDate, skipped) }, at);
      }
    }
    await settleRunIfDone(db, run.workspaceId, run.id, at);
    return skipped;
  });
}
