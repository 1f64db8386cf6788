import { pullRetryDelayMs, redeliveryDelayMs } from '../nats/retry-delays';
import { publishRetryDelayMs, relayRoundRetryDelayMs } from '../outbox/retry-delays';

/** The outbox relay's default `maxRetryDelayMs`. */
const PUBLISH_RETRY_CAP_MS = 30_000;

/** The platform's own retries, each as (attempt, random) -> wait, with the longest first wait and the longest wait of all. */
const RETRIES: [string, (attempt: number, random?: () => number) => number, number, number][] = [
  ['a JetStream message whose handler threw (nak delay, by delivery)', redeliveryDelayMs, 1_000, 30_000],
  ["the event consumer's next pull after failed pulls", pullRetryDelayMs, 1_000, 10_000],
  ["the outbox relay's next round after failed rounds", relayRoundRetryDelayMs, 500, 5_000],
  ['an outbox row that failed to publish (by attempts)', (attempts, random) => publishRetryDelayMs(attempts, PUBLISH_RETRY_CAP_MS, random), 1_000, PUBLISH_RETRY_CAP_MS],
];

describe.each(RETRIES)('the wait before retrying %s', (_retry, waitMs, firstMs, capMs) => {
  it.each([1, 2, 4, 40])('differs between two replicas at attempt %d and stays within the cap', (attempt) => {
    const soonest = waitMs(attempt, () => 0);
    const latest = waitMs(attempt, () => 0.999_999);
    expect(soonest).not.toBe(latest);
    for (const wait of [soonest, latest]) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(capMs);
    }
  });

  it('doubles its ceiling with each attempt, from the first wait up to the cap', () => {
    expect(waitMs(1, () => 1)).toBe(firstMs);
    expect(waitMs(2, () => 1)).toBe(2 * firstMs);
    expect(waitMs(40, () => 1)).toBe(capMs);
  });

  it('draws from Math.random when given no source', () => {
    const waits = new Set(Array.from({ length: 20 }, () => waitMs(3)));
    expect(waits.size).toBeGreaterThan(1);
  });
});
