/** The longest wait a receiver's Retry-After can impose: beyond it the scheduled wait applies. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds or an HTTP-date
 * (RFC 9110, 10.2.3). Undefined when absent or unreadable; capped at MAX_RETRY_AFTER_MS.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  let waitMs: number;
  if (/^\d+$/.test(text)) {
    waitMs = Number(text) * 1_000;
  } else {
    const at = Date.parse(text);
    if (Number.isNaN(at) || !/[A-Za-z]/.test(text)) return undefined;
    waitMs = Math.max(0, at - now);
  }
  return Math.min(waitMs, MAX_RETRY_AFTER_MS);
}
