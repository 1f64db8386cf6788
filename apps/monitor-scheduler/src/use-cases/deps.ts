import type { Logger } from 'pino';
import type { ExclusiveRun } from '@radar/platform/single-runner';
import type { CreditsLedger } from '../clients/credits-ledger';
import type { DeliveryTargets } from '../clients/delivery-targets';
import type { SavedLists } from '../clients/saved-lists';
import type { CheckProgressRepository } from '../data/check-progress.repository';
import type { MonitorRepository } from '../data/monitor.repository';
import type { RunRepository } from '../data/run.repository';
import type { ScheduledJobRepository } from '../data/scheduled-job.repository';

export interface RunSettings {
  /** Unanswered longer than this, a requested check is `error_other` and refunded. */
  checkDeadlineMs: number;
  /** Checks charged in one ledger call (each keeps its own charge and reference). */
  chargeBatch: number;
  /** Workspaces charged at the same time. */
  workspaceConcurrency: number;
  /** The daily run's time of day, UTC. */
  runTimeUtc: { hour: number; minute: number };
  /** How long `radar monitors run` waits for its runs to end. */
  runWaitMs: number;
}

/** The one job lock of the run engine: dispatching checks happens in one replica at a time. */
export interface JobLock {
  runExclusive<T>(work: (signal: AbortSignal) => Promise<T>): Promise<ExclusiveRun<T>>;
}

export interface MonitorSchedulerDeps {
  monitors: MonitorRepository;
  runs: RunRepository;
  checks: CheckProgressRepository;
  scheduledJobs: ScheduledJobRepository;
  ledger: CreditsLedger;
  deliveryTargets: DeliveryTargets;
  savedLists: SavedLists;
  jobLock: JobLock;
  settings: RunSettings;
  now: () => Date;
  logger: Logger;
}
