import { setTimeout as sleep } from 'node:timers/promises';
import { backOffDelayMs } from '@radar/platform/retry';

/** How often, and how long apart, a write that the cluster refused for now is tried again. */
export interface BackOff {
  /** Tries after the first one. */
  retries: number;
  /** The wait before retry `retry` (1 for the first). */
  delayMs(retry: number): number;
}

/** Exponential back-off with jitter (the platform's), so writers refused together do not come back together. */
export function exponentialBackOff(options: { retries: number; baseMs: number; maxMs: number }): BackOff {
  return { retries: options.retries, delayMs: (retry) => backOffDelayMs(retry, options) };
}

export const waitBeforeRetry = (backOff: BackOff, retry: number): Promise<void> => sleep(backOff.delayMs(retry));
