import { backOffDelayMs, parseRetryAfter } from './index';

describe('backOffDelayMs', () => {
  const backOff = { baseMs: 500, maxMs: 5_000 };

  it('draws the first wait from the upper half of the base', () => {
    expect(backOffDelayMs(1, backOff, () => 0)).toBe(250);
    expect(backOffDelayMs(1, backOff, () => 0.999_999)).toBe(500);
  });

  it('doubles the ceiling after each failure', () => {
    expect(backOffDelayMs(2, backOff, () => 0)).toBe(500);
    expect(backOffDelayMs(3, backOff, () => 1)).toBe(2_000);
  });

  it('never waits longer than the maximum, however many failures', () => {
    expect(backOffDelayMs(10, backOff, () => 1)).toBe(5_000);
    expect(backOffDelayMs(60, backOff, () => 0)).toBe(2_500);
  });

  it('spreads waits with Math.random by default', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backOffDelayMs(3, backOff)));
    expect(waits.size).toBeGreaterThan(1);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-25T09:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date, a past one as no wait', () => {
    expect(parseRetryAfter('Wed, 25 Nov 2026 09:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 08:00:00 GMT', now)).toBe(0);
  });

  it.each([null, undefined, '', 'soon', '12.5', '-3'])('answers undefined for %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
