/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds or an HTTP-date
 * (RFC 9110, 10.2.3), a date in the past being no wait. Undefined when absent or unreadable (a
 * date must hold letters: `Date.parse` would read a bare `12.5` as a day).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[A-Za-z]/.test(text)) return undefined;
  return Math.max(0, at - nowMs);
}
