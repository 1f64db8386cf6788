import type { Bus } from '@radar/platform/nats';
import type { TokenCache } from '../auth/token-cache';

/**
 * Every replica drops what it cached about a revoked token or a user whose role changed. A
 * replica cut off from NATS misses the events of that time, so when it is back it drops its
 * whole cache rather than serve a token revoked meanwhile until the cache TTL.
 */
export function listenForIdentityChanges(bus: Bus, tokenCache: TokenCache): void {
  bus.listen('identity.token.revoked', ({ tokenId }) => tokenCache.forgetToken(tokenId));
  bus.listen('identity.user.role_changed', ({ userId }) => tokenCache.forgetUser(userId));
  bus.onReconnect(() => tokenCache.forgetAll());
}
