import type { DeliveryError } from '@radar/contracts';

/** Node's codes of a TLS handshake or certificate failure (the outbound client puts the code in brackets). */
const TLS_CODES = /\((?:ERR_TLS_\w+|ERR_SSL_\w+|EPROTO|CERT_\w+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_\w+|HOSTNAME_MISMATCH)\)$/;

/**
 * The public name of why an attempt got no acceptable answer, from the reason recorded with it
 * (the attempt paths write these forms: `refused: ...` for the address checks, `no answer within
 * ... ms` for the timeout, `receiver answered <status>` for a non-2xx, a network error with its
 * code otherwise). Null for an attempt that got a 2xx.
 */
export function deliveryErrorKind(error: string | null): DeliveryError | null {
  if (error === null) return null;
  if (error.startsWith('refused: ')) return 'address_refused';
  if (error.startsWith('no answer within ')) return 'timeout';
  if (error.startsWith('receiver answered ')) return 'non_2xx';
  if (TLS_CODES.test(error)) return 'tls_error';
  return 'connection_error';
}
