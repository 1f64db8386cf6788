import type { Caller } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { findTokenByHash } from '../data/identity.repository';
import { hashApiToken, hashesMatch, looksLikeApiToken } from '../domain/api-token';
import type { GatewayDeps } from './deps';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/** Turns an Authorization header into the caller it proves, or the exact 401 of interface.md. */
export async function authenticateToken(
  deps: Pick<GatewayDeps, 'pool' | 'tokenCache' | 'now'>,
  authorization: string | undefined,
): Promise<Caller> {
  if (authorization === undefined || authorization.trim() === '') {
    throw new AppError('MISSING_AUTH_HEADER', 'Send Authorization: Bearer <API_TOKEN>');
  }
  const presented = BEARER.exec(authorization)?.[1];
  if (!presented || !looksLikeApiToken(presented)) throw new AppError('INVALID_TOKEN', 'Token not recognised');

  const tokenHash = hashApiToken(presented);
  let token = deps.tokenCache.get(tokenHash);
  if (!token) {
    token = await findTokenByHash(deps.pool, tokenHash);
    if (token) deps.tokenCache.remember(token);
  }
  if (!token || !hashesMatch(token.tokenHash, tokenHash) || token.revokedAt) {
    throw new AppError('INVALID_TOKEN', 'Token not recognised or revoked');
  }
  if (token.expiresAt && token.expiresAt.getTime() <= deps.now().getTime()) {
    throw new AppError('TOKEN_EXPIRED', `Token expired at ${token.expiresAt.toISOString()}`);
  }
  return { workspaceId: token.workspaceId, userId: token.userId, tokenId: token.id, scope: token.scope, role: token.role };
}
