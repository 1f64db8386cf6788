import { SingleBar } from 'cli-progress';
import type { JobView } from '@radar/contracts';
import { describePace } from './describe-progress';
import type { ProgressView } from './progress-view';

/**
 * A progress bar redrawn in place on the terminal (cli-progress), with the job's kind, its phase,
 * how much is done, the rate and the time left as the service measures them.
 */
export class BarView implements ProgressView {
  private readonly bar: SingleBar;
  private started = false;

  constructor(private readonly stream: NodeJS.WriteStream) {
    this.bar = new SingleBar({
      stream,
      format: '{kind} {phase} [{bar}] {percentage}% {value}/{total} {unit} {pace}',
      barsize: 24,
      barCompleteChar: '#',
      barIncompleteChar: '-',
      hideCursor: true,
      clearOnComplete: false,
      fps: 5,
    });
  }

  update(job: JobView): void {
    const payload = {
      kind: job.kind,
      phase: job.status === 'running' ? (job.progress.phase ?? 'running') : job.status,
      unit: job.progress.unit,
      pace: describePace(job),
    };
    // Until the total is known the bar shows the count against itself.
    const total = job.progress.total ?? Math.max(job.progress.done, 1);
    if (!this.started) {
      // The id once, above the bar: what `radar jobs show` takes after Ctrl-C.
      this.stream.write(`radar: following job ${job.id} on ${job.service} (Ctrl-C stops following, not the job)\n`);
      this.bar.start(total, job.progress.done, payload);
      this.started = true;
      return;
    }
    this.bar.setTotal(total);
    this.bar.update(job.progress.done, payload);
  }

  stop(): void {
    if (this.started) this.bar.stop();
  }
}
