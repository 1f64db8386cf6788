import type { Bus } from '@radar/platform/nats';
import type { TokenCache } from '../auth/token-cache';

/** Every replica drops what it cached about a revoked token or a user whose role changed. */
export function listenForIdentityChanges(bus: Bus, tokenCache: TokenCache): void {
  bus.listen('identity.token.revoked', ({ tokenId }) => tokenCache.forgetToken(tokenId));
  bus.listen('identity.user.role_changed', ({ userId }) => tokenCache.forgetUser(userId));
}
