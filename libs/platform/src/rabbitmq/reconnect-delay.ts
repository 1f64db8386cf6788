export interface ReconnectOptions {
  /** Wait before the first reconnect attempt; doubled after each failed one. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

const DEFAULT_INITIAL_DELAY_MS = 250;
const DEFAULT_MAX_DELAY_MS = 15_000;

/** Exponential back-off with ±20 % jitter, so replicas that lost the broker together do not return together. */
export function reconnectDelay(failedAttempts: number, options: ReconnectOptions = {}, random: () => number = Math.random): number {
  const initial = options.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS;
  const max = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const base = Math.min(max, initial * 2 ** Math.max(0, failedAttempts - 1));
  return Math.min(max, Math.round(base * (0.8 + 0.4 * random())));
}
