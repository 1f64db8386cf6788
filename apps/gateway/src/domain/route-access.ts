import type { Role, Scope } from '@radar/contracts';

/** A read_write token may call every endpoint; a read token only those that need no more. */
export const scopeAllows = (tokenScope: Scope, neededScope: Scope): boolean => neededScope !== 'read_write' || tokenScope === 'read_write';

/** Monitors and webhooks are changed by the workspace's owners and admins only. */
export const roleMayEdit = (role: Role | null): role is 'owner' | 'admin' => role === 'owner' || role === 'admin';
