/**
 * A sleep that ends early when woken, for one background loop. A wake while the loop is busy
 * is kept for its next sleep, so work announced in between is never missed.
 */
export class WakeSignal {
  private woken = false;
  private wakeSleeper: (() => void) | undefined;

  wake(): void {
    const sleeper = this.wakeSleeper;
    if (!sleeper) {
      this.woken = true;
      return;
    }
    this.wakeSleeper = undefined;
    sleeper();
  }

  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeSleeper = undefined;
        resolve();
      }, ms);
      this.wakeSleeper = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
