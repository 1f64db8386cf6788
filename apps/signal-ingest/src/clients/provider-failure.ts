import type { CheckStatus } from '@radar/contracts';

/** Why a provider call failed, as a check's `error_code`. */
export type ProviderFailureCode =
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_UNREACHABLE'
  | 'PROVIDER_RATE_LIMITED'
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_BAD_RESPONSE'
  | 'PROVIDER_AUTH_REJECTED'
  | 'PROVIDER_REQUEST_REJECTED';

/**
 * A provider call that did not give items. `checkStatus` says whose failure it is: the
 * provider's (`error_pl`: timeouts, 429, 5xx, unreadable answers) or ours (`error_other`: our
 * key or our request refused); `retryable` whether asking again may help.
 */
export class ProviderFailure extends Error {
  constructor(
    readonly code: ProviderFailureCode,
    readonly checkStatus: Extract<CheckStatus, 'error_pl' | 'error_other'>,
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
  if (status === 429) return new ProviderFailure('PROVIDER_RATE_LIMITED', 'error_pl', true, 'The provider rate-limited the request (429)', retryAfter);
  if (status >= 500) return new ProviderFailure('PROVIDER_UNAVAILABLE', 'error_pl', true, `The provider failed (HTTP ${status})`, retryAfter);
  if (status === 401 || status === 403) {
    return new ProviderFailure('PROVIDER_AUTH_REJECTED', 'error_other', false, `The provider refused our API key (HTTP ${status}); check PROVIDER_API_KEY`);
  }
  return new ProviderFailure('PROVIDER_REQUEST_REJECTED', 'error_other', false, `The provider refused the request (HTTP ${status})`);
}
