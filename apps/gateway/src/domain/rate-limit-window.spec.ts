import { rateLimitWindow } from './rate-limit-window';

describe('the rate-limit window', () => {
  const minuteStart = Date.UTC(2026, 10, 21, 12, 34, 0);

  it('is the UTC calendar minute, resetting at the next minute boundary', () => {
    expect(rateLimitWindow(minuteStart + 20_500)).toEqual({ minute: minuteStart / 60_000, resetAt: minuteStart / 1000 + 60, secondsToReset: 40 });
    expect(rateLimitWindow(minuteStart).minute).toBe(rateLimitWindow(minuteStart + 59_999).minute);
    expect(rateLimitWindow(minuteStart + 60_000).minute).toBe(minuteStart / 60_000 + 1);
  });

  it('tells a caller to wait at least a second, even in the window\'s last moment', () => {
    expect(rateLimitWindow(minuteStart + 59_999).secondsToReset).toBe(1);
  });
});
