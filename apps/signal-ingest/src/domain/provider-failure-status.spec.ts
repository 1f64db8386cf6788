import { checkStatusOfProviderFailure } from './provider-failure-status';

describe('the status of a check whose provider call failed', () => {
  it("is error_pl for the provider's failures: timeouts, no connection, 429, 5xx, answers that break the contract", () => {
    for (const code of ['PROVIDER_TIMEOUT', 'PROVIDER_UNREACHABLE', 'PROVIDER_RATE_LIMITED', 'PROVIDER_UNAVAILABLE', 'PROVIDER_BAD_RESPONSE'] as const) {
      expect(checkStatusOfProviderFailure(code)).toBe('error_pl');
    }
  });

  it('is error_other for ours: the provider refused our API key or our request', () => {
    expect(checkStatusOfProviderFailure('PROVIDER_AUTH_REJECTED')).toBe('error_other');
    expect(checkStatusOfProviderFailure('PROVIDER_REQUEST_REJECTED')).toBe('error_other');
  });
});
