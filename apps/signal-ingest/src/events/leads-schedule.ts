import type { Logger } from 'pino';
import type { ExclusiveRun } from '@radar/platform/single-runner';

export interface LeadsSchedule {
  /** Runs the upkeep now (after any run in progress) and resolves when it ended. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export interface LeadsScheduleOptions {
  /** How often every replica tries the upkeep; the job lock lets one do it at a time. */
  everyMs: number;
  /** Runs `work` unless another replica holds the leads job. */
  runExclusive(work: (signal: AbortSignal) => Promise<void>): Promise<ExclusiveRun<void>>;
  /** One upkeep; `forceIngest` on the first after start. */
  refresh(options: { forceIngest: boolean }, signal: AbortSignal): Promise<void>;
  logger: Logger;
}

/**
 * The leads feed's schedule: an upkeep at start (which reads the provider's feed), then every
 * `everyMs`, which reads it again once the UTC day has turned and applies the retention. A
 * periodic check rather than a clock time: a replica that was down catches up as soon as it
 * runs, and whichever replica holds the job lock does the work while the others skip that turn.
 */
export function startLeadsSchedule(options: LeadsScheduleOptions): LeadsSchedule {
  const stopping = new AbortController();
  let queue: Promise<void> = Promise.resolve();
  let started = false;

  const enqueue = (): Promise<void> => {
    queue = queue.then(async () => {
      if (stopping.signal.aborted) return;
      // The reading at start is this replica's first turn, or the one of the replica that held the job then.
      const forceIngest = !started;
      started = true;
      try {
        const attempt = await options.runExclusive((lockSignal) => options.refresh({ forceIngest }, AbortSignal.any([lockSignal, stopping.signal])));
        if (!attempt.ran) options.logger.debug('another replica holds the leads job');
      } catch (error) {
        if (!stopping.signal.aborted) options.logger.error({ err: error }, 'leads upkeep failed; the next run tries again');
      }
    });
    return queue;
  };

  const timer = setInterval(() => void enqueue(), options.everyMs);
  timer.unref();
  void enqueue();

  return {
    runNow: enqueue,
    async stop() {
      stopping.abort(new Error('signal-ingest is stopping'));
      clearInterval(timer);
      await queue;
    },
  };
}
