import { setTimeout as sleep } from 'node:timers/promises';

/** How often, and how long apart, a write that the cluster refused for now is tried again. */
export interface BackOff {
  /** Tries after the first one. */
  retries: number;
  /** The wait before retry `retry` (1 for the first). */
  delayMs(retry: number): number;
}

/**
 * Exponential back-off with jitter: the n-th wait is drawn from the upper half of
 * min(maxMs, baseMs * 2^(n-1)), so writers that were refused together do not come back
 * together, and a cluster that stays overloaded is given longer and longer to recover.
 */
export function exponentialBackOff(options: { retries: number; baseMs: number; maxMs: number }): BackOff {
  return {
    retries: options.retries,
    delayMs: (retry) => {
      const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** (retry - 1));
      return ceiling / 2 + Math.random() * (ceiling / 2);
    },
  };
}

export const waitBeforeRetry = (backOff: BackOff, retry: number): Promise<void> => sleep(backOff.delayMs(retry));
