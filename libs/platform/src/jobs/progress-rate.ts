/** How far back the rate looks: long enough to smooth batch steps, short enough to follow a slowdown. */
const WINDOW_MS = 30_000;

/**
 * The recent rate of a job's progress and the time left at that rate, from the samples of the
 * last half minute (a resumed job's first sample is where it resumed, so the units done before
 * do not count as fast progress).
 */
export class ProgressRate {
  private readonly samples: { at: number; done: number }[] = [];

  record(atMs: number, done: number): void {
    this.samples.push({ at: atMs, done });
    while (this.samples.length > 2 && (this.samples[0] as { at: number }).at < atMs - WINDOW_MS) this.samples.shift();
  }

  reset(): void {
    this.samples.length = 0;
  }

  /** Units per second; null before two samples a moment apart. */
  perSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 500) return null;
    return Math.max(0, ((last.done - first.done) * 1000) / (last.at - first.at));
  }
}

/** Whole seconds left at `ratePerSecond`; null when either is unknown or nothing moves. */
export function secondsLeft(done: number, total: number | null, ratePerSecond: number | null): number | null {
  if (total === null || ratePerSecond === null) return null;
  if (done >= total) return 0;
  if (ratePerSecond <= 0) return null;
  return Math.ceil((total - done) / ratePerSecond);
}
