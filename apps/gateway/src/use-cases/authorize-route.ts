import type { Caller } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { PublicRoute } from '../http/public-routes';
import type { GatewayDeps } from './deps';

/**
 * Scope first, then, for monitor and webhook changes, the holder's role read now (not when the token was
 * issued or cached): a token never outranks its holder, and a demotion takes effect at once.
 */
export async function authorizeRoute(
  deps: Pick<GatewayDeps, 'identity'>,
  caller: Caller,
  route: Pick<PublicRoute, 'scope' | 'requiresEditRole'>,
): Promise<Caller> {
  if (route.scope === 'read_write' && caller.scope !== 'read_write') {
    throw new AppError('INSUFFICIENT_SCOPE', 'This endpoint needs a read_write token');
  }
  if (!route.requiresEditRole) return caller;
  const role = await deps.identity.currentRole(caller.workspaceId, caller.userId);
  if (role !== 'owner' && role !== 'admin') {
    throw new AppError('WORKSPACE_EDIT_FORBIDDEN', 'Only a workspace owner or admin can change monitors and webhooks');
  }
  return { ...caller, role };
}
