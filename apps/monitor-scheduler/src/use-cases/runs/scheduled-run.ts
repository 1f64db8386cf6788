import { beginScheduledJob, completeScheduledJob } from '../../data/scheduled-job.repository';
import { runDay } from './run-day';

type Deps = Parameters<typeof runDay>[0];

/**
 * The 09:00 UTC job of a day. Its row records that it began and when it got through every
 * monitor: a replica that starts later the same day (or takes over from one that died) runs it
 * again only if it did not finish, and then charges nothing twice (runs are per monitor per day,
 * charges idempotent).
 */
export async function runScheduledDay(deps: Deps, runDate: string, signal: AbortSignal): Promise<void> {
  await beginScheduledJob(deps.pool, runDate, deps.now());
  const runs = await runDay(deps, runDate, signal);
  await completeScheduledJob(deps.pool, runDate, deps.now());
  deps.logger.info({ runDate, runs: runs.length }, 'scheduled monitor runs dispatched');
}
