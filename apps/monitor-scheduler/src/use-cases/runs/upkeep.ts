import { runsToDispatch, unrefundedChecks } from '../../data/check-progress.repository';
import { findScheduledJob } from '../../data/scheduled-job.repository';
import { dispatchRun } from './dispatch-run';
import { byWorkspace, forEachLimited } from './run-day';
import { isRunTimeReached, utcDay } from '../../domain/run-day-clock';
import { runScheduledDay } from './scheduled-run';
import { expireOverdue, refundFailedCheck } from './settle-checks';

type Deps = Parameters<typeof runScheduledDay>[0];

/** Refunds are retried for checks that failed longer ago than this (the consumer refunds fresh ones itself). */
const REFUND_RETRY_AFTER_MS = 30_000;
const SWEEP_LIMIT = 1_000;

/**
 * What keeps runs moving whatever happened to the replica that started them, run on start and
 * then periodically, in one replica at a time:
 * 1. catch-up: today's 09:00 job, if its time has come and it did not get through;
 * 2. runs left with checks not charged yet (a restart mid-run) are carried on;
 * 3. checks requested longer than the deadline ago and never answered become `error_other`
 *    and are refunded, so no run stays `running` for ever;
 * 4. refunds of failed checks that an interruption left undone are retried.
 */
export async function runUpkeep(deps: Deps, signal: AbortSignal): Promise<void> {
  const now = deps.now();
  const today = utcDay(now);
  if (isRunTimeReached(now, deps.settings.runTimeUtc)) {
    const job = await findScheduledJob(deps.pool, today);
    if (!job?.completedAt) {
      deps.logger.info({ runDate: today, resumed: job !== undefined }, 'catching up the daily monitor run');
      await runScheduledDay(deps, today, signal);
    }
  }

  const unfinished = await runsToDispatch(deps.pool);
  await forEachLimited(byWorkspace(unfinished), deps.settings.workspaceConcurrency, async (runs) => {
    for (const run of runs) await dispatchRun(deps, run, signal);
  });

  const expired = await expireOverdue(deps, new Date(now.getTime() - deps.settings.checkDeadlineMs), now, SWEEP_LIMIT);
  if (expired.length > 0) deps.logger.warn({ checks: expired.length }, 'checks passed their deadline unanswered; refunding them');
  const unrefunded = await unrefundedChecks(deps.pool, new Date(now.getTime() - REFUND_RETRY_AFTER_MS), SWEEP_LIMIT);
  for (const check of [...expired, ...unrefunded.filter((pending) => !expired.some((done) => done.id === pending.id))]) {
    signal.throwIfAborted();
    await refundFailedCheck(deps, check);
  }
}
