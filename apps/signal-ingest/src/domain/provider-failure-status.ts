import type { CheckStatus } from '@radar/contracts';
import type { ProviderFailureCode } from '../clients/provider-failure';

type FailedCheckStatus = Extract<CheckStatus, 'error_pl' | 'error_other'>;

/**
 * Whose failure a failed provider call is: the provider's (`error_pl`: timeouts, no connection,
 * 429, 5xx, unreadable answers) or ours (`error_other`: our key or our request refused).
 */
const STATUS_OF_FAILURE: Readonly<Record<ProviderFailureCode, FailedCheckStatus>> = {
  PROVIDER_TIMEOUT: 'error_pl',
  PROVIDER_UNREACHABLE: 'error_pl',
  PROVIDER_RATE_LIMITED: 'error_pl',
  PROVIDER_UNAVAILABLE: 'error_pl',
  PROVIDER_BAD_RESPONSE: 'error_pl',
  PROVIDER_AUTH_REJECTED: 'error_other',
  PROVIDER_REQUEST_REJECTED: 'error_other',
};

/** The status of a check whose provider call failed with `code`. */
export const checkStatusOfProviderFailure = (code: ProviderFailureCode): FailedCheckStatus => STATUS_OF_FAILURE[code];
