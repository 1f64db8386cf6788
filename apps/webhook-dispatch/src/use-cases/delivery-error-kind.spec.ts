import { deliveryErrorKind } from './delivery-error-kind';

describe('deliveryErrorKind', () => {
  it.each([
    [null, null],
    ['refused: the address 10.0.0.1 is private', 'address_refused'],
    ['no answer within 15000 ms', 'timeout'],
    ['receiver answered 500', 'non_2xx'],
    ['self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)', 'tls_error'],
    ["Hostname/IP does not match certificate's altnames (ERR_TLS_CERT_ALTNAME_INVALID)", 'tls_error'],
    ['certificate has expired (CERT_HAS_EXPIRED)', 'tls_error'],
    ['connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED)', 'connection_error'],
    ['socket hang up (ECONNRESET)', 'connection_error'],
    ['Looking up hooks.example failed (EAI_AGAIN)', 'connection_error'],
  ] as const)('names %j as %j', (error, kind) => {
    expect(deliveryErrorKind(error)).toBe(kind);
  });
});
