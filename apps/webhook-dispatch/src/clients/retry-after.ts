import { parseRetryAfter } from '@radar/platform/retry';

/** The longest wait a receiver's Retry-After can impose: beyond it the scheduled wait applies. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/** The wait a receiver's `Retry-After` asks for (the platform's reading), capped at MAX_RETRY_AFTER_MS. */
export function receiverRetryAfterMs(value: string | undefined, now: number): number | undefined {
  const waitMs = parseRetryAfter(value, now);
  return waitMs === undefined ? undefined : Math.min(waitMs, MAX_RETRY_AFTER_MS);
}
