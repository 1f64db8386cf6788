import { z } from 'zod';
import { roleSchema, scopeSchema } from './identity';
import { creditAmount } from './ledger';
import { pathId } from './path-fields';
import { isoInstant, textField } from './request-fields';

/**
 * The operator interface: what the web app would do with a logged-in session, exposed to the
 * `radar` CLI on the gateway's internal operator port (never under /api/v1).
 */
export const OPERATOR_PREFIX = '/operator/v1';

export const createWorkspaceBodySchema = z.strictObject({
  name: textField().trim().min(1).max(200),
  credits: creditAmount().min(0).optional(),
});
export const createWorkspaceResultSchema = z.object({ workspace_id: z.uuid(), owner_user_id: z.uuid() });

export const createUserBodySchema = z.strictObject({ workspace_id: z.uuid(), role: roleSchema });
export const createUserResultSchema = z.object({ user_id: z.uuid() });

export const setRoleBodySchema = z.strictObject({ role: roleSchema });
export const setRoleResultSchema = z.object({ user_id: z.uuid(), role: roleSchema });

export const TOKEN_MAX_EXPIRY_DAYS = 365;
export const TOKEN_DEFAULT_EXPIRY_DAYS = 90;

export const createTokenBodySchema = z
  .strictObject({
    user_id: z.uuid(),
    name: textField().trim().min(1).max(200),
    scope: scopeSchema,
    expires_in_days: z.number().int().min(1).max(TOKEN_MAX_EXPIRY_DAYS).optional(),
    never_expires: z.boolean().optional(),
    /** Operator-only import option; may lie in the past. */
    expires_at: isoInstant().optional(),
  })
  .superRefine((body, ctx) => {
    const given = [
      body.expires_in_days !== undefined && 'expires_in_days',
      body.never_expires !== undefined && 'never_expires',
      body.expires_at !== undefined && 'expires_at',
    ].filter((name): name is string => typeof name === 'string');
    if (given.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [given[1] ?? 'never_expires'],
        message: `only one of expires_in_days, never_expires and expires_at may be given (got ${given.join(', ')})`,
      });
    }
  });
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;
export const createTokenResultSchema = z.object({
  token_id: z.uuid(),
  token: z.string(),
  scope: scopeSchema,
  expires_at: z.string().nullable(),
});

export const revokeTokenResultSchema = z.object({ token_id: z.uuid(), revoked: z.literal(true) });

export const grantCreditsBodySchema = z.strictObject({
  workspace_id: z.uuid(),
  amount: creditAmount().positive(),
});
export const grantCreditsResultSchema = z.object({ workspace_id: z.uuid(), balance: z.number().int() });

/** Operator routes under OPERATOR_PREFIX, authenticated by `Authorization: Bearer <OPERATOR_SECRET>`. */
export const OPERATOR_ROUTES = {
  createWorkspace: { method: 'POST', path: '/workspaces' },
  createUser: { method: 'POST', path: '/users' },
  setRole: { method: 'PATCH', path: '/users/:user_id' },
  createToken: { method: 'POST', path: '/tokens' },
  revokeToken: { method: 'POST', path: '/tokens/:token_id/revoke' },
  grantCredits: { method: 'POST', path: '/credits/grants' },
} as const;

export const userPathSchema = z.object({ user_id: pathId('user') });
export const tokenPathSchema = z.object({ token_id: pathId('token') });
