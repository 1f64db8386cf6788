import type { JobView } from '@radar/contracts';
import type { OutputStream } from '../output';
import { describeProgress } from './describe-progress';
import type { ProgressView } from './progress-view';

/**
 * Plain lines for a log or a pipe: one when the job is first seen, then one at most every
 * interval while it moves, one at once when its phase or status changes, and the last.
 */
export class LineView implements ProgressView {
  private lastWrittenAt = 0;
  private lastKey: string | undefined;
  private lastLine: string | undefined;
  private pending: JobView | undefined;

  constructor(
    private readonly stream: OutputStream,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  update(job: JobView): void {
    const key = `${job.status}/${job.progress.phase ?? ''}`;
    const due = this.now() - this.lastWrittenAt >= this.intervalMs;
    if (key !== this.lastKey || due) this.write(job, key);
    else this.pending = job;
  }

  stop(): void {
    // The last state seen, unless it is already the last line written.
    if (this.pending) this.write(this.pending, this.lastKey ?? '');
  }

  private write(job: JobView, key: string): void {
    this.pending = undefined;
    const line = describeProgress(job);
    this.lastKey = key;
    if (line === this.lastLine) return;
    this.lastLine = line;
    this.lastWrittenAt = this.now();
    this.stream.write(`radar: ${line}\n`);
  }
}
