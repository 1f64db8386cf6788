import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { ExclusiveRun } from '@radar/platform/single-runner';
import type { CreditsLedger } from '../clients/credits-ledger';
import type { DeliveryTargets } from '../clients/delivery-targets';
import type { SavedLists } from '../clients/saved-lists';
import type { RunTimeOfDay } from '../domain/run-day-clock';

export interface RunSettings {
  /** Unanswered longer than this, a requested check is `error_other` and refunded. */
  checkDeadlineMs: number;
  /** Checks charged in one ledger call (each keeps its own charge and reference). */
  chargeBatch: number;
  /** Workspaces charged at the same time. */
  workspaceConcurrency: number;
  /** The daily run's time of day, UTC. */
  runTimeUtc: RunTimeOfDay;
  /** How long `radar monitors run` waits for its runs to end. */
  runWaitMs: number;
}

/** The one job lock of the run engine: dispatching checks happens in one replica at a time. */
export interface JobLock {
  runExclusive<T>(work: (signal: AbortSignal) => Promise<T>): Promise<ExclusiveRun<T>>;
}

export interface MonitorSchedulerDeps {
  /** The service's pool: use cases read through it and own their transactions on it (data/ functions take the connection). */
  pool: Pool;
  ledger: CreditsLedger;
  deliveryTargets: DeliveryTargets;
  savedLists: SavedLists;
  jobLock: JobLock;
  settings: RunSettings;
  now: () => Date;
  logger: Logger;
}
