import { z } from 'zod';

/**
 * Every event of the system: subject -> payload schema. Subjects are part of stream
 * configuration and durable consumer names: do not rename without a migration plan.
 */
export const EVENTS = {
  'identity.token.revoked': z.object({ tokenId: z.uuid(), workspaceId: z.uuid() }),
  'identity.user.role_changed': z.object({ userId: z.uuid(), workspaceId: z.uuid(), role: z.enum(['owner', 'admin', 'member']) }),
} as const;

export type EventSubject = keyof typeof EVENTS;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENTS)[S]>;

/** JetStream streams and the subjects each one stores. */
export const STREAMS = {
  IDENTITY: ['identity.>'],
} as const;
