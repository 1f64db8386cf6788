import { z } from 'zod';

export const SCOPES = ['read', 'read_write'] as const;
export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

export const ROLES = ['owner', 'admin', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * The caller's identity as the gateway forwards it to a service. Services accept it only
 * with a valid gateway signature (see @radar/platform/internal-auth).
 */
export const callerSchema = z.object({
  workspaceId: z.uuid(),
  userId: z.uuid(),
  tokenId: z.uuid(),
  scope: scopeSchema,
  role: roleSchema,
});
export type Caller = z.infer<typeof callerSchema>;

/** Header names of the gateway-to-service hop. Do not rename without updating every service together. */
export const INTERNAL_HEADERS = {
  caller: 'x-radar-caller',
  signature: 'x-radar-caller-signature',
  requestId: 'x-request-id',
} as const;
