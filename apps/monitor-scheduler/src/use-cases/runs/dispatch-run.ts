import { inTraceOf } from '@radar/platform/telemetry';
import type { CheckRequest, QueuedCheck, RunToDispatch } from '../../data/check-progress.repository';
import type { MonitorRecord } from '../../data/monitor.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { chargeReference, MONITOR_CHARGE_REASON } from './charge-reference';

type Deps = Pick<MonitorSchedulerDeps, 'monitors' | 'checks' | 'ledger' | 'settings' | 'now'>;

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
  const monitor = await deps.monitors.findForOperator(run.monitorId);
  if (!monitor) return;
  for (;;) {
    signal.throwIfAborted();
    const queued = await deps.checks.queued(run.id, deps.settings.chargeBatch);
    if (queued.length === 0) return;
    const answer = await deps.ledger.chargeBatch({
      workspaceId: run.workspaceId,
      reason: MONITOR_CHARGE_REASON,
      charges: queued.map((check) => ({ reference: chargeReference(monitor.id, run.runDate, check.domain, check.signalType), amount: 1 })),
    });
    const charged = queued.filter((_, position) => answer.outcomes[position]?.status === 'applied');
    await deps.checks.markRequested(
      run.id,
      charged.map((check) => requestOf(run, monitor, check)),
      deps.now(),
    );
    if (charged.length < queued.length) {
      await deps.checks.skipForCredits(run.id, monitor.id, (skipped) => outOfCreditsMessage(run.runDate, skipped), deps.now());
      return;
    }
  }
}
