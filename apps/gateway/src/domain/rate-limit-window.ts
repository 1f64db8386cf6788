/** Every bucket counts per UTC calendar minute. */
export const WINDOW_SECONDS = 60;

export interface RateLimitWindow {
  /** Minutes since the epoch: part of the counter's key, so each minute counts afresh. */
  minute: number;
  /** Unix seconds of the next UTC minute boundary, when the window resets. */
  resetAt: number;
  /** At least 1, so a caller told to wait never retries within the same window. */
  secondsToReset: number;
}

export function rateLimitWindow(nowMs: number): RateLimitWindow {
  const minute = Math.floor(nowMs / (WINDOW_SECONDS * 1000));
  const resetAt = (minute + 1) * WINDOW_SECONDS;
  return { minute, resetAt, secondsToReset: Math.max(1, resetAt - Math.floor(nowMs / 1000)) };
}
