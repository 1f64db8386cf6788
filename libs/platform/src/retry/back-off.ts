/** Exponential back-off: the first wait, doubled after each further failure, never above the ceiling. */
export interface BackOff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before retry `retry` (1 for the first): drawn from the upper half of
 * min(maxMs, baseMs * 2^(retry - 1)), so callers that failed together do not come back together,
 * and a dependency that stays down is given longer and longer to recover.
 */
export function backOffDelayMs(retry: number, backOff: BackOff, random: () => number = Math.random): number {
  const ceiling = Math.min(backOff.maxMs, backOff.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
