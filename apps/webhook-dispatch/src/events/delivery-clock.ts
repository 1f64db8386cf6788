import type { ExclusiveRun, SingleRunner } from '@radar/platform/single-runner';
import type { DeliveryDeps } from '../use-cases/delivery-deps';
import { purgeExpiredDeliveries } from '../use-cases/purge-expired-deliveries';
import { queueOverdueRuns } from '../use-cases/queue-overdue-runs';

/** How long an ended run waits for signals that never come before its digest goes out with what arrived. */
const RUN_SIGNALS_MAX_WAIT_MS = 15 * 60_000;
const OVERDUE_RUN_SWEEP_MS = 60_000;
/** The retention purge runs in one replica at a time (a PostgreSQL advisory lock of this name). */
const PURGE_JOB_NAME = 'webhook-dispatch.delivery-retention';
const PURGE_BATCH_SIZE = 1_000;

export interface DeliveryClockSettings {
  retentionDays: number;
  purgeIntervalMs: number;
}

export interface DeliveryClock {
  /** One turn of the retention purge, in this replica if it holds the job, now. */
  purgeExpired(): Promise<ExclusiveRun<number>>;
  start(): void;
  /** Clears the timers and cuts short a purge in progress (it resumes at the next turn, wherever it runs). */
  stop(): void;
}

/** The service's clock: the sweep of runs still short of signals, and the retention purge. */
export function deliveryClock(deps: DeliveryDeps & { runner: SingleRunner }, settings: DeliveryClockSettings): DeliveryClock {
  const stopping = new AbortController();
  const retention = { retentionDays: settings.retentionDays, batchSize: PURGE_BATCH_SIZE };
  /** One replica purges; the others find the job held and skip this turn. */
  const purgeExpired = () => deps.runner.runExclusive(PURGE_JOB_NAME, (lost) => purgeExpiredDeliveries(deps, retention, AbortSignal.any([lost, stopping.signal])));
  let sweep: NodeJS.Timeout | undefined;
  let purge: NodeJS.Timeout | undefined;
  return {
    purgeExpired,
    start() {
      sweep = setInterval(() => {
        queueOverdueRuns(deps, RUN_SIGNALS_MAX_WAIT_MS).catch((error: unknown) => deps.logger.warn({ err: error }, 'overdue run sweep failed'));
      }, OVERDUE_RUN_SWEEP_MS);
      purge = setInterval(() => {
        purgeExpired().catch((error: unknown) => deps.logger.warn({ err: error }, 'delivery retention purge failed; the next turn tries again'));
      }, settings.purgeIntervalMs);
    },
    stop() {
      clearInterval(sweep);
      clearInterval(purge);
      stopping.abort(new Error('webhook-dispatch is stopping'));
    },
  };
}
