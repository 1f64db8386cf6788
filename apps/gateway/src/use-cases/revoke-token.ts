import { AppError } from '@radar/platform/errors';
import type { GatewayDeps } from './deps';

/** Revokes a token at once in this replica and, through `identity.token.revoked`, in every other one. */
export async function revokeToken(
  deps: Pick<GatewayDeps, 'identity' | 'tokenCache' | 'bus' | 'now' | 'logger'>,
  tokenId: string,
): Promise<{ token_id: string; revoked: true }> {
  const token = await deps.identity.findToken(tokenId);
  if (!token) throw new AppError('NOT_FOUND', `No token ${tokenId}`);
  await deps.identity.revokeToken(token.workspaceId, token.id, deps.now());
  deps.tokenCache.forgetToken(token.id);
  await deps.bus
    .publish('identity.token.revoked', { tokenId: token.id, workspaceId: token.workspaceId }, { msgId: `revoke:${token.id}` })
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'revocation not broadcast; other replicas refuse the token within the cache TTL'));
  return { token_id: token.id, revoked: true };
}
