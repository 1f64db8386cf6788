import { backOffDelayMs } from '@radar/platform/retry';

export interface RetryTiming {
  /** The wait after the first failed attempt; it doubles after each further one. */
  baseMs: number;
  /** No wait is longer, whatever Retry-After asks. */
  maxMs: number;
}

/**
 * How long to wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed:
 * exponential back-off with jitter (half fixed, half random, so retries of many checks spread
 * out), at least what the provider's Retry-After asked, never more than `maxMs`.
 */
export function retryDelayMs(attempt: number, timing: RetryTiming, retryAfterMs: number | undefined, random: () => number = Math.random): number {
  return Math.min(timing.maxMs, Math.max(backOffDelayMs(attempt, timing, random), retryAfterMs ?? 0));
}
