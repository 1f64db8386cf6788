import type { Bus } from '@radar/platform/nats';
import type { GatewayDeps } from '../use-cases/deps';
import { forgetAllTokens, forgetRevokedToken, forgetUserTokens } from '../use-cases/forget-cached-tokens';

/**
 * Every replica drops what it cached about a revoked token or a user whose role changed. A
 * replica cut off from NATS misses the events of that time, so when it is back it drops its
 * whole cache rather than serve a token revoked meanwhile until the cache TTL.
 */
export function listenForIdentityChanges(bus: Bus, deps: Pick<GatewayDeps, 'tokenCache'>): void {
  bus.listen('identity.token.revoked', (event) => forgetRevokedToken(deps, event));
  bus.listen('identity.user.role_changed', (event) => forgetUserTokens(deps, event));
  bus.onReconnect(() => forgetAllTokens(deps));
}
