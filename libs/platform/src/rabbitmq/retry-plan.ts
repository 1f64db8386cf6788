import type { DelayQueue } from './topology';

/** Where a failed message waits, and for how long. */
export interface RetryPlan {
  delayQueue: DelayQueue;
  /**
   * Per-message TTL when the wait is shorter than the queue's. The broker expires messages
   * only at the head of a queue, so the real wait lies between this and the queue's delay.
   */
  expirationMs?: number;
  /**
   * Set when the wait is longer than the longest delay queue: the message is handed back
   * before this time (epoch ms) and is parked again, without counting an attempt.
   */
  notBefore?: number;
}

export interface RetryRequest {
  /** The attempt that just failed (1 for the first). */
  failedAttempt: number;
  /** A wait the handler asked for (e.g. the receiver's Retry-After); only ever lengthens the scheduled one. */
  requestedDelayMs?: number;
  now: number;
  random?: () => number;
}

/** Total attempts a schedule allows: the first one and one after each delay. */
export const maxAttempts = (retryDelaysMs: readonly number[]): number => retryDelaysMs.length + 1;

/**
 * The wait before the next attempt, or undefined when the schedule is used up. The wait is
 * the scheduled one (shortened by up to `jitter` of itself) or the requested one when that
 * is longer; the message goes to the smallest delay queue whose delay is at least the wait.
 */
export function planRetry(
  retryDelaysMs: readonly number[],
  delayQueues: readonly DelayQueue[],
  jitter: number,
  request: RetryRequest,
): RetryPlan | undefined {
  const scheduled = retryDelaysMs[request.failedAttempt - 1];
  if (scheduled === undefined) return undefined;
  const requested = request.requestedDelayMs ?? 0;
  const random = request.random ?? Math.random;
  const wait = requested > scheduled ? requested : Math.round(scheduled * (1 - jitter * random()));
  return planWait(delayQueues, wait, request.now);
}

/** Parks a message for `waitMs`: in the smallest delay queue long enough, else the longest one, again and again. */
export function planWait(delayQueues: readonly DelayQueue[], waitMs: number, now: number): RetryPlan {
  const longest = delayQueues[delayQueues.length - 1];
  if (!longest) throw new Error('planWait needs at least one delay queue');
  const fitting = delayQueues.find((candidate) => candidate.delayMs >= waitMs);
  if (!fitting) return { delayQueue: longest, notBefore: now + waitMs };
  return waitMs < fitting.delayMs ? { delayQueue: fitting, expirationMs: Math.max(0, waitMs) } : { delayQueue: fitting };
}
