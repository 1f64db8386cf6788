import { TOKEN_DEFAULT_EXPIRY_DAYS, type CreateTokenBody } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { findUser, insertToken } from '../data/identity.repository';
import { generateApiToken, hashApiToken } from '../domain/api-token';
import type { GatewayDeps } from './deps';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry rules of interface.md (Authentication, point 5); the body schema already refused conflicting options. */
export function tokenExpiry(body: CreateTokenBody, now: Date): Date | null {
  if (body.never_expires) return null;
  if (body.expires_at) return new Date(body.expires_at);
  return new Date(now.getTime() + (body.expires_in_days ?? TOKEN_DEFAULT_EXPIRY_DAYS) * DAY_MS);
}

/** Issues a token for a user; the token is returned once and only its hash is kept. */
export async function createToken(
  deps: Pick<GatewayDeps, 'pool' | 'now'>,
  body: CreateTokenBody,
): Promise<{ token_id: string; token: string; scope: CreateTokenBody['scope']; expires_at: string | null }> {
  const user = await findUser(deps.pool, body.user_id);
  if (!user) throw new AppError('NOT_FOUND', `No user ${body.user_id}`);
  const token = generateApiToken();
  const expiresAt = tokenExpiry(body, deps.now());
  const { tokenId } = await insertToken(deps.pool, user.workspaceId, {
    userId: user.id,
    name: body.name,
    scope: body.scope,
    tokenHash: hashApiToken(token),
    expiresAt,
  });
  return { token_id: tokenId, token, scope: body.scope, expires_at: expiresAt?.toISOString() ?? null };
}
