import { z } from 'zod';

/**
 * Every event of the system: subject -> payload schema. Subjects are part of stream
 * configuration and durable consumer names: do not rename without a migration plan.
 */
export const EVENTS = {
  'identity.token.revoked': z.object({ tokenId: z.uuid(), workspaceId: z.uuid() }),
  'identity.user.role_changed': z.object({ userId: z.uuid(), workspaceId: z.uuid(), role: z.enum(['owner', 'admin', 'member']) }),
  /** An export unlocked these companies for the workspace (re-exporting them is free). */
  'companies.unlocked': z.object({ workspaceId: z.uuid(), exportId: z.uuid(), companyIds: z.array(z.uuid()).max(10_000) }),
  /** A failed export's refund locked its companies again. */
  'companies.locked': z.object({ workspaceId: z.uuid(), exportId: z.uuid(), companyIds: z.array(z.uuid()).max(10_000) }),
} as const;

export type EventSubject = keyof typeof EVENTS;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENTS)[S]>;

/** JetStream streams and the subjects each one stores. */
export const STREAMS = {
  IDENTITY: ['identity.>'],
  COMPANIES: ['companies.>'],
} as const;
