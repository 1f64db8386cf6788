/** Why a provider call failed, as a check's `error_code`. */
export type ProviderFailureCode =
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_UNREACHABLE'
  | 'PROVIDER_RATE_LIMITED'
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_BAD_RESPONSE'
  | 'PROVIDER_AUTH_REJECTED'
  | 'PROVIDER_REQUEST_REJECTED';

/** A provider call that did not give items; `retryable` says whether asking again may help. */
export class ProviderFailure extends Error {
  constructor(
    readonly code: ProviderFailureCode,
    readonly retryable: boolean,
    message: string,
    /** What the provider's Retry-After asked for, if it did. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

/** The failure an HTTP status other than 2xx means. */
export function failureOfStatus(status: number, retryAfter: number | undefined): ProviderFailure {
  if (status === 429) return new ProviderFailure('PROVIDER_RATE_LIMITED', true, 'The provider rate-limited the request (429)', retryAfter);
  if (status >= 500) return new ProviderFailure('PROVIDER_UNAVAILABLE', true, `The provider failed (HTTP ${status})`, retryAfter);
  if (status === 401 || status === 403) {
    return new ProviderFailure('PROVIDER_AUTH_REJECTED', false, `The provider refused our API key (HTTP ${status}); check PROVIDER_API_KEY`);
  }
  return new ProviderFailure('PROVIDER_REQUEST_REJECTED', false, `The provider refused the request (HTTP ${status})`);
}
