import { retryDelayMs } from './provider-retry-delay';

const timing = { baseMs: 500, maxMs: 5_000 };

describe('retry delays towards the provider', () => {
  it('doubles with each attempt, between half and all of the exponential step', () => {
    expect(retryDelayMs(1, timing, undefined, () => 0)).toBe(250);
    expect(retryDelayMs(1, timing, undefined, () => 0.999)).toBe(500);
    expect(retryDelayMs(2, timing, undefined, () => 0)).toBe(500);
    expect(retryDelayMs(3, timing, undefined, () => 1)).toBe(2_000);
  });

  it('waits at least what Retry-After asks, and never longer than the maximum', () => {
    expect(retryDelayMs(1, timing, 3_000, () => 0)).toBe(3_000);
    expect(retryDelayMs(1, timing, 60_000, () => 0)).toBe(5_000);
    expect(retryDelayMs(10, timing, undefined, () => 1)).toBe(5_000);
  });
});
