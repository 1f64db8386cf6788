import { RPCS } from '@radar/contracts';
import { deleteWorkspace, insertWorkspaceWithOwner } from '../data/identity.repository';
import type { GatewayDeps } from './deps';

export interface CreateWorkspaceInput {
  name: string;
  credits?: number;
}

/**
 * Creates the workspace with its owner, then grants the opening credits. If the grant cannot be
 * made the workspace is removed again, so an operator never gets a half-made workspace.
 */
export async function createWorkspace(
  deps: Pick<GatewayDeps, 'pool' | 'bus'>,
  input: CreateWorkspaceInput,
): Promise<{ workspace_id: string; owner_user_id: string }> {
  const { workspaceId, ownerUserId } = await insertWorkspaceWithOwner(deps.pool, input.name);
  if (input.credits) {
    try {
      await deps.bus.request(RPCS.ledger.grant, {
        workspaceId,
        amount: input.credits,
        reason: 'grant',
        reference: `grant:workspace:${workspaceId}:opening`,
      });
    } catch (error) {
      await deleteWorkspace(deps.pool, workspaceId);
      throw error;
    }
  }
  return { workspace_id: workspaceId, owner_user_id: ownerUserId };
}
