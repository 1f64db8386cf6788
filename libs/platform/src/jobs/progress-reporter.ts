import type { JobProgressUpdate, JobRecord } from './job-store';
import { ProgressRate } from './progress-rate';

/** Coalesces a job's progress calls into one write per interval, which is also its heartbeat. */
export class ProgressReporter {
  done: number;
  private total: number | null;
  private phase: string | null;
  private readonly rate = new ProgressRate();
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private inFlight = false;
  private halted = false;

  constructor(
    record: JobRecord,
    intervalMs: number,
    private readonly write: (update: JobProgressUpdate) => Promise<void>,
  ) {
    this.done = record.done;
    this.total = record.total;
    this.phase = record.phase;
    this.rate.record(Date.now(), this.done);
    // Written every interval even when nothing moved: the write is the heartbeat.
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  report(done: number, details: { total?: number; phase?: string } = {}): void {
    if (details.phase !== undefined && details.phase !== this.phase) {
      this.phase = details.phase;
      // A new phase counts from its own start: the last phase's pace says nothing about it.
      this.rate.reset();
    }
    this.done = done;
    if (details.total !== undefined) this.total = details.total;
    this.rate.record(Date.now(), done);
  }

  /** Stops the interval and writes the last progress reported (unless halted). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.writing;
    if (!this.halted) await this.write(this.update()).catch(() => undefined);
  }

  /** Writes nothing more: the job was handed over, and a write would look like a live runner. */
  halt(): void {
    this.halted = true;
    clearInterval(this.timer);
  }

  private update(): JobProgressUpdate {
    return { done: this.done, total: this.total, phase: this.phase, ratePerSecond: this.rate.perSecond() };
  }

  private flush(): void {
    // One write at a time; a slow database skips intervals instead of queueing them.
    if (this.inFlight || this.halted) return;
    this.inFlight = true;
    this.writing = this.write(this.update())
      .catch(() => undefined)
      .finally(() => {
        this.inFlight = false;
      });
  }
}
