import type { GatewayDeps } from './deps';

// What this replica cached about tokens stops being trusted once it changed anywhere: a revoked
// token, a user whose role changed, or everything after a time deaf to those changes.

type CacheDeps = Pick<GatewayDeps, 'tokenCache'>;

export const forgetRevokedToken = (deps: CacheDeps, event: { tokenId: string }): void => deps.tokenCache.forgetToken(event.tokenId);

export const forgetUserTokens = (deps: CacheDeps, event: { userId: string }): void => deps.tokenCache.forgetUser(event.userId);

export const forgetAllTokens = (deps: CacheDeps): void => deps.tokenCache.forgetAll();
