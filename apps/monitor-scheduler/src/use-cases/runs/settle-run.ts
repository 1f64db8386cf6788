import type { PoolClient } from 'pg';
import { afterCommit } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { inTraceOf } from '@radar/platform/telemetry';
import { monitorRecord, noteLatestRun } from '../../data/monitor.repository';
import { endRun, lockRun, type RunRecord, type RunStatus } from '../../data/run.repository';
import { countRunCompleted } from './run-metrics';

type RunCounters = Pick<RunRecord, 'domainsTotal' | 'domainsProcessed' | 'domainsSkippedCredits'>;

/**
 * A settled run's status (interface.md): `success` when every check was made; `failed` when
 * none was made and none skipped for credits (every check failed); anything else (some
 * failed, or credits ran out) is `partial`.
 */
export function settledStatus(run: RunCounters): Exclude<RunStatus, 'running'> {
  if (run.domainsProcessed === run.domainsTotal) return 'success';
  if (run.domainsProcessed === 0 && run.domainsSkippedCredits === 0) return 'failed';
  return 'partial';
}

/**
 * Ends the run once no check is open, inside the caller's transaction: its status from its
 * counters, the monitor's last run, `monitor.run.completed` for delivery (through the outbox,
 * so it is published if and only if the run ended) and the run counted once committed.
 * Batches of answers commit concurrently: the run row is locked first, so whichever batch
 * ends the run reads counters no other batch is changing, and the guarded end makes it once.
 */
export async function settleRunIfDone(db: PoolClient, workspaceId: string, runId: string, at: Date): Promise<RunRecord | undefined> {
  const locked = await lockRun(db, workspaceId, runId);
  if (!locked || locked.status !== 'running' || locked.checksOpen > 0) return undefined;
  const run = await endRun(db, workspaceId, runId, settledStatus(locked), at);
  if (!run) return undefined;
  afterCommit(db, () => countRunCompleted(run.status));
  await noteLatestRun(db, workspaceId, run);
  const monitor = await monitorRecord(db, workspaceId, run.monitorId);
  if (monitor) {
    // Written in the run's own trace, whichever batch of answers ended it: its deliveries join the run's trace.
    await inTraceOf(run.id, 'monitor.run.completed', () =>
      writeOutboxEvents(db, [
        {
          subject: 'monitor.run.completed',
          payload: {
            workspaceId: run.workspaceId,
            monitorId: run.monitorId,
            monitorName: monitor.name,
            runId: run.id,
            runDate: run.runDate,
            status: run.status,
            deliveryMethod: monitor.deliveryMethod,
            slackConnectionId: monitor.slackConnectionId,
            newItemsTotal: run.newItemsTotal,
          },
        },
      ]),
    );
  }
  return run;
}
