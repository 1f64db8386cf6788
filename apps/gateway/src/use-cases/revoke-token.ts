import { AppError } from '@radar/platform/errors';
import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { findToken, markTokenRevoked } from '../data/identity.repository';
import type { GatewayDeps } from './deps';

/**
 * Revokes a token at once in this replica and, through `identity.token.revoked`, in every
 * other one. The event is written in the revocation's transaction (outbox), so it goes out
 * even when NATS is unreachable at this moment: the relay publishes it once NATS is back.
 */
export async function revokeToken(
  deps: Pick<GatewayDeps, 'pool' | 'tokenCache' | 'now'>,
  tokenId: string,
): Promise<{ token_id: string; revoked: true }> {
  const token = await findToken(deps.pool, tokenId);
  if (!token) throw new AppError('NOT_FOUND', `No token ${tokenId}`);
  await inTransaction(deps.pool, async (db) => {
    const revokedNow = await markTokenRevoked(db, token.workspaceId, token.id, deps.now());
    // A repeated revocation changes nothing, so there is nothing new to announce.
    if (revokedNow) {
      await writeOutboxEvents(db, [
        { subject: 'identity.token.revoked', payload: { tokenId: token.id, workspaceId: token.workspaceId }, aggregateKey: token.id },
      ]);
    }
  });
  deps.tokenCache.forgetToken(token.id);
  return { token_id: token.id, revoked: true };
}
