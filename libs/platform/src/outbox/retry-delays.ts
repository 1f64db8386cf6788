import { backOffDelayMs } from '../retry';

/** Between rounds while publishing fails (NATS down): short enough to resume soon after it returns. */
const MAX_ROUND_RETRY_DELAY_MS = 5_000;

/** How long the relay pauses after `failures` failed rounds in a row; jittered, so the relays of every replica do not all try again at once. */
export const relayRoundRetryDelayMs = (failures: number, random?: () => number): number =>
  backOffDelayMs(failures, { baseMs: 500, maxMs: MAX_ROUND_RETRY_DELAY_MS }, random);

/** When a row that failed to publish `attempts` times (1 for the first) is due again: from 1 s, doubling, at most `maxMs`, jittered. */
export const publishRetryDelayMs = (attempts: number, maxMs: number, random?: () => number): number =>
  backOffDelayMs(attempts, { baseMs: 1_000, maxMs }, random);
