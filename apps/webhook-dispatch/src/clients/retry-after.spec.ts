import { MAX_RETRY_AFTER_MS, receiverRetryAfterMs } from './retry-after';

describe('receiverRetryAfterMs', () => {
  const now = Date.parse('2026-11-25T09:00:00Z');

  it('reads delay-seconds', () => {
    expect(receiverRetryAfterMs('120', now)).toBe(120_000);
    expect(receiverRetryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date as the time left until it', () => {
    expect(receiverRetryAfterMs('Wed, 25 Nov 2026 09:02:30 GMT', now)).toBe(150_000);
    expect(receiverRetryAfterMs('Wed, 25 Nov 2026 08:00:00 GMT', now)).toBe(0);
  });

  it('caps what a receiver may ask at a day', () => {
    expect(receiverRetryAfterMs('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it.each([[undefined], [''], ['soon'], ['-5'], ['1.5']])('ignores %j', (value) => {
    expect(receiverRetryAfterMs(value, now)).toBeUndefined();
  });
});
