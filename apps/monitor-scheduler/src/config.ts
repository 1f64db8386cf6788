import { z } from 'zod';
import { LEDGER_CHARGE_BATCH_MAX } from '@radar/contracts';
import { env } from '@radar/platform/config';

const positiveMs = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** monitor-scheduler's own variables; ports, database and NATS come from the platform and the service catalogue. */
export const monitorSchedulerConfig = z.object({
  INTERNAL_SIGNING_SECRET: env.secret(),
  OPERATOR_SECRET: env.secret(),
  /** The daily run's UTC time of day, HH:MM (interface.md: 09:00 UTC). */
  MONITOR_RUN_TIME_UTC: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a UTC time of day written HH:MM')
    .default('09:00'),
  /** Off only where a test drives runs itself: no 09:00 schedule, no catch-up, no upkeep timer. */
  MONITOR_SCHEDULE_ENABLED: env.boolean(true),
  /**
   * How long a requested check may go unanswered before it counts as `error_other` and is
   * refunded (signal-ingest down, say), so no run stays `running` for ever.
   */
  MONITOR_CHECK_DEADLINE_MS: positiveMs(15 * 60_000),
  /** How often the upkeep runs: resuming unfinished runs, expiring overdue checks, retrying refunds, catching up a missed run. */
  MONITOR_UPKEEP_INTERVAL_MS: positiveMs(30_000),
  /** How long `radar monitors run` waits for its runs to end before answering with them as they are. */
  MONITOR_RUN_WAIT_MS: positiveMs(55 * 60_000),
  /** Checks charged in one ledger call (RPCS.ledger.chargeBatch); each keeps its own charge and reference. */
  MONITOR_CHARGE_BATCH: z.coerce.number().int().min(1).max(LEDGER_CHARGE_BATCH_MAX).default(500),
  /** Workspaces whose monitors are charged at the same time during a run. */
  MONITOR_WORKSPACE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
});
export type MonitorSchedulerConfig = z.infer<typeof monitorSchedulerConfig>;
