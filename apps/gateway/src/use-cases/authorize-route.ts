import type { Caller, PublicRoute } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { currentRole } from '../data/identity.repository';
import { roleMayEdit, scopeAllows } from '../domain/route-access';
import type { GatewayDeps } from './deps';

/**
 * Scope first, then, for monitor and webhook changes, the holder's role read now (not when the token was
 * issued or cached): a token never outranks its holder, and a demotion takes effect at once.
 */
export async function authorizeRoute(
  deps: Pick<GatewayDeps, 'pool'>,
  caller: Caller,
  route: Pick<PublicRoute, 'scope' | 'requiresEditRole'>,
): Promise<Caller> {
  if (!scopeAllows(caller.scope, route.scope)) {
    throw new AppError('INSUFFICIENT_SCOPE', 'This endpoint needs a read_write token');
  }
  if (!route.requiresEditRole) return caller;
  const role = await currentRole(deps.pool, caller.workspaceId, caller.userId);
  if (!roleMayEdit(role)) {
    throw new AppError('WORKSPACE_EDIT_FORBIDDEN', 'Only a workspace owner or admin can change monitors and webhooks');
  }
  return { ...caller, role };
}
