import { backOffDelayMs } from '../retry';

export interface ReconnectOptions {
  /** Wait before the first reconnect attempt; doubled after each failed one. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

const DEFAULT_INITIAL_DELAY_MS = 250;
const DEFAULT_MAX_DELAY_MS = 15_000;

/** Exponential back-off with jitter, so replicas that lost the broker together do not return together. */
export const reconnectDelay = (failedAttempts: number, options: ReconnectOptions = {}, random: () => number = Math.random): number =>
  backOffDelayMs(failedAttempts, { baseMs: options.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS, maxMs: options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS }, random);
