import type { Role } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { GatewayDeps } from './deps';

export async function createUser(
  deps: Pick<GatewayDeps, 'identity'>,
  input: { workspaceId: string; role: Role },
): Promise<{ user_id: string }> {
  if (!(await deps.identity.workspaceExists(input.workspaceId))) {
    throw new AppError('NOT_FOUND', `No workspace ${input.workspaceId}`);
  }
  const { userId } = await deps.identity.createUser(input.workspaceId, input.role);
  return { user_id: userId };
}
