import cron, { type ScheduledTask } from 'node-cron';
import { dailyRunCron, utcDay } from '../domain/run-day-clock';
import type { MonitorSchedulerDeps } from '../use-cases/deps';
import { runScheduledDay } from '../use-cases/runs/scheduled-run';
import { runUpkeep } from '../use-cases/runs/upkeep';

type Deps = Parameters<typeof runUpkeep>[0] & Pick<MonitorSchedulerDeps, 'jobLock'>;

export interface RunSchedule {
  stop(): Promise<void>;
}

/**
 * Every replica registers the 09:00 UTC schedule and the periodic upkeep; the job lock lets one
 * replica at a time do either, and the others skip that turn (the upkeep catches up a 09:00
 * that was skipped because the lock was busy). Exactly one run per monitor per day does not
 * rest on the lock, though: the database's unique (monitor_id, run_date) holds it whatever runs
 * concurrently, and charges are idempotent on their references.
 */
export function startRunSchedule(deps: Deps, upkeepEveryMs: number): RunSchedule {
  const stopping = new AbortController();
  let queue: Promise<void> = Promise.resolve();
  let upkeepQueued = false;

  /** Jobs of this process run one after another; `onTurn` is told when a job's turn comes. */
  const enqueue = (what: string, work: (signal: AbortSignal) => Promise<void>, onTurn?: () => void) => {
    queue = queue.then(async () => {
      onTurn?.();
      if (stopping.signal.aborted) return;
      try {
        const attempt = await deps.jobLock.runExclusive((lockSignal) => work(AbortSignal.any([lockSignal, stopping.signal])));
        if (!attempt.ran) deps.logger.debug({ what }, 'another replica holds the monitor run job');
      } catch (error) {
        if (!stopping.signal.aborted) deps.logger.error({ err: error, what }, 'monitor run job failed; the upkeep retries it');
      }
    });
  };

  /** At most one upkeep waits its turn; ticks meanwhile add nothing. */
  const queueUpkeep = () => {
    if (upkeepQueued) return;
    upkeepQueued = true;
    enqueue(
      'upkeep',
      (signal) => runUpkeep(deps, signal),
      () => {
        upkeepQueued = false;
      },
    );
  };

  const daily: ScheduledTask = cron.schedule(
    dailyRunCron(deps.settings.runTimeUtc),
    () => enqueue('daily run', (signal) => runScheduledDay(deps, utcDay(deps.now()), signal)),
    { timezone: 'UTC', name: 'monitor-daily-run' },
  );
  const upkeep = setInterval(queueUpkeep, upkeepEveryMs);
  upkeep.unref();
  // On start: catch up a missed 09:00 and carry on what a previous process left unfinished.
  queueUpkeep();

  return {
    async stop() {
      stopping.abort(new Error('monitor-scheduler is stopping'));
      clearInterval(upkeep);
      await daily.stop();
      await queue;
    },
  };
}
