import type { Role } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { insertUser, workspaceExists } from '../data/identity.repository';
import type { GatewayDeps } from './deps';

export async function createUser(
  deps: Pick<GatewayDeps, 'pool'>,
  input: { workspaceId: string; role: Role },
): Promise<{ user_id: string }> {
  if (!(await workspaceExists(deps.pool, input.workspaceId))) {
    throw new AppError('NOT_FOUND', `No workspace ${input.workspaceId}`);
  }
  const { userId } = await insertUser(deps.pool, input.workspaceId, input.role);
  return { user_id: userId };
}
