import type { Role } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { GatewayDeps } from './deps';

/**
 * Changes a role; every gateway replica drops the user's cached tokens so the change applies
 * at once. `identity.user.role_changed` is written in the change's transaction (outbox), and
 * keyed by the user, so a user's changes are announced in the order they were made.
 */
export async function setUserRole(
  deps: Pick<GatewayDeps, 'identity' | 'tokenCache'>,
  input: { userId: string; role: Role },
): Promise<{ user_id: string; role: Role }> {
  const user = await deps.identity.findUser(input.userId);
  if (!user) throw new AppError('NOT_FOUND', `No user ${input.userId}`);
  // Digests go to the workspace owner: a workspace must never be left without one.
  if (user.role === 'owner' && input.role !== 'owner' && (await deps.identity.countOwners(user.workspaceId)) <= 1) {
    throw new AppError('CONFLICT', 'This is the workspace\'s only owner; make another user owner first');
  }
  await deps.identity.transaction(async (identity) => {
    await identity.setRole(user.workspaceId, user.id, input.role);
    await identity.recordEvent({
      subject: 'identity.user.role_changed',
      payload: { userId: user.id, workspaceId: user.workspaceId, role: input.role },
      aggregateKey: user.id,
    });
  });
  deps.tokenCache.forgetUser(user.id);
  return { user_id: user.id, role: input.role };
}
