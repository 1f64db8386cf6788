import { failureOfStatus } from './provider-failure';

describe('provider failures', () => {
  it('retries 429 and 5xx, keeping what Retry-After asked', () => {
    expect(failureOfStatus(429, 2_000)).toMatchObject({ code: 'PROVIDER_RATE_LIMITED', retryable: true, retryAfterMs: 2_000 });
    for (const status of [500, 502, 503, 504]) {
      expect(failureOfStatus(status, undefined)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
    }
  });

  it('does not retry a refused key or another refused request', () => {
    for (const status of [401, 403]) expect(failureOfStatus(status, undefined)).toMatchObject({ code: 'PROVIDER_AUTH_REJECTED', retryable: false });
    for (const status of [400, 404, 422]) expect(failureOfStatus(status, undefined)).toMatchObject({ code: 'PROVIDER_REQUEST_REJECTED', retryable: false });
  });
});
