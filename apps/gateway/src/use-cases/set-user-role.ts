import type { Role } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { GatewayDeps } from './deps';

/** Changes a role; every gateway replica drops the user's cached tokens so the change applies at once. */
export async function setUserRole(
  deps: Pick<GatewayDeps, 'identity' | 'tokenCache' | 'bus' | 'logger'>,
  input: { userId: string; role: Role },
): Promise<{ user_id: string; role: Role }> {
  const user = await deps.identity.findUser(input.userId);
  if (!user) throw new AppError('NOT_FOUND', `No user ${input.userId}`);
  // Digests go to the workspace owner: a workspace must never be left without one.
  if (user.role === 'owner' && input.role !== 'owner' && (await deps.identity.countOwners(user.workspaceId)) <= 1) {
    throw new AppError('CONFLICT', 'This is the workspace\'s only owner; make another user owner first');
  }
  await deps.identity.setRole(user.workspaceId, user.id, input.role);
  deps.tokenCache.forgetUser(user.id);
  await deps.bus
    .publish(
      'identity.user.role_changed',
      { userId: user.id, workspaceId: user.workspaceId, role: input.role },
      { msgId: `role:${user.id}:${input.role}:${Date.now()}` },
    )
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'role change not broadcast; other replicas refresh within the cache TTL'));
  return { user_id: user.id, role: input.role };
}
