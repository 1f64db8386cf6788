import type { Bus } from '@radar/platform/nats';
import type { ExportDeps } from '../use-cases/deps';
import { listDueExports } from '../use-cases/files/list-due-exports';
import { runExportJob, type JobRunSettings } from '../use-cases/files/run-export-job';
import { pruneIdempotencyAnswers } from '../use-cases/prune-idempotency-answers';
import { refundStaleCharges } from '../use-cases/refund-stale-charges';
import { JobSlots } from './job-slots';

/** How often a worker removes Idempotency-Key answers past their replay window. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

/** Durable consumer name: part of the JetStream state; do not rename without a migration plan. */
export const EXPORT_WORKER_CONSUMER = 'export-worker';

export interface WorkerSettings extends JobRunSettings {
  concurrency: number;
  scanIntervalMs: number;
  staleChargeMs: number;
  /** How long stopping waits for the jobs in hand; an unfinished one is taken up elsewhere when its lease expires. */
  stopWaitMs: number;
}

/**
 * Writes export files. `export.requested` from JetStream starts a job at once; a periodic scan of
 * the jobs table takes up whatever is due without an event (a worker died holding a job, a retry
 * whose time has come, an event not yet relayed) and refunds stale charges. Jobs are claimed in
 * the database, so any number of workers can run side by side.
 */
export class ExportWorker {
  private readonly slots: JobSlots;
  private readonly inHand = new Map<string, Promise<void>>();
  private scanTimer: NodeJS.Timeout | undefined;
  private scanning: Promise<void> | undefined;
  private stopped = false;
  private nextPruneAt = 0;

  constructor(
    private readonly deps: ExportDeps,
    private readonly bus: Bus,
    private readonly settings: WorkerSettings,
  ) {
    this.slots = new JobSlots(settings.concurrency);
  }

  async start(): Promise<void> {
    await this.bus.consume('export.requested', { durable: EXPORT_WORKER_CONSUMER }, async (event) => {
      // Waits for a free slot before taking the next message: JetStream keeps the rest meanwhile.
      await this.slots.acquire();
      this.begin(event.exportId);
    });
    this.scanTimer = setInterval(() => this.scanSoon(), this.settings.scanIntervalMs);
    this.scanSoon();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.scanTimer);
    await this.scanning;
    const jobs = Promise.all(this.inHand.values());
    await Promise.race([jobs, new Promise((resolve) => setTimeout(resolve, this.settings.stopWaitMs).unref())]);
  }

  /** Runs a job in the background in a slot already acquired. */
  private begin(exportId: string): void {
    if (this.stopped || this.inHand.has(exportId)) {
      this.slots.release();
      return;
    }
    const { logger } = this.deps;
    const run = runExportJob(this.deps, exportId, this.settings)
      .then((outcome) => logger.debug({ exportId, outcome }, 'export job run ended'))
      .catch((error: unknown) => logger.error({ err: error, exportId }, 'export job run failed; it is taken up again when its lease expires'))
      .finally(() => {
        this.inHand.delete(exportId);
        this.slots.release();
      });
    this.inHand.set(exportId, run);
  }

  private scanSoon(): void {
    if (this.stopped || this.scanning) return;
    this.scanning = this.scan().finally(() => {
      this.scanning = undefined;
    });
  }

  private async scan(): Promise<void> {
    try {
      await refundStaleCharges(this.deps, this.settings.staleChargeMs);
      if (Date.now() >= this.nextPruneAt) {
        this.nextPruneAt = Date.now() + PRUNE_INTERVAL_MS;
        await pruneIdempotencyAnswers(this.deps);
      }
      if (this.slots.available === 0) return;
      for (const exportId of await listDueExports(this.deps, this.settings.concurrency * 2)) {
        if (this.inHand.has(exportId)) continue;
        if (!this.slots.tryAcquire()) return;
        this.begin(exportId);
      }
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'export worker scan failed; will retry');
    }
  }
}
