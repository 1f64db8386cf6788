import { failureOfStatus } from './provider-failure';

describe('provider failures', () => {
  it('maps 429 and 5xx to error_pl, retried', () => {
    expect(failureOfStatus(429, 2_000)).toMatchObject({ code: 'PROVIDER_RATE_LIMITED', checkStatus: 'error_pl', retryable: true, retryAfterMs: 2_000 });
    for (const status of [500, 502, 503, 504]) {
      expect(failureOfStatus(status, undefined)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', checkStatus: 'error_pl', retryable: true });
    }
  });

  it('maps a refused key and other refused requests to error_other (our failure), not retried', () => {
    for (const status of [401, 403]) expect(failureOfStatus(status, undefined)).toMatchObject({ code: 'PROVIDER_AUTH_REJECTED', checkStatus: 'error_other', retryable: false });
    for (const status of [400, 404, 422]) expect(failureOfStatus(status, undefined)).toMatchObject({ code: 'PROVIDER_REQUEST_REJECTED', checkStatus: 'error_other', retryable: false });
  });
});
