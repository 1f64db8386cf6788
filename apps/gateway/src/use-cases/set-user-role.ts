import type { Role } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { AppError } from '@radar/platform/errors';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { findUser, lockOwners, updateUserRole } from '../data/identity.repository';
import type { GatewayDeps } from './deps';

/**
 * Changes a role; every gateway replica drops the user's cached tokens so the change applies
 * at once. `identity.user.role_changed` is written in the change's transaction (outbox), and
 * keyed by the user, so a user's changes are announced in the order they were made.
 */
export async function setUserRole(
  deps: Pick<GatewayDeps, 'pool' | 'tokenCache'>,
  input: { userId: string; role: Role },
): Promise<{ user_id: string; role: Role }> {
  const user = await findUser(deps.pool, input.userId);
  if (!user) throw new AppError('NOT_FOUND', `No user ${input.userId}`);
  await inTransaction(deps.pool, async (db) => {
    // Digests go to the workspace owner: a workspace must never be left without one, even when
    // two owners are demoted at the same moment (the owners' rows are locked while this decides).
    const owners = await lockOwners(db, user.workspaceId);
    if (input.role !== 'owner' && owners.includes(user.id) && owners.length <= 1) {
      throw new AppError('CONFLICT', 'This is the workspace\'s only owner; make another user owner first');
    }
    await updateUserRole(db, user.workspaceId, user.id, input.role);
    await writeOutboxEvents(db, [
      { subject: 'identity.user.role_changed', payload: { userId: user.id, workspaceId: user.workspaceId, role: input.role }, aggregateKey: user.id },
    ]);
  });
  deps.tokenCache.forgetUser(user.id);
  return { user_id: user.id, role: input.role };
}
