import { z } from 'zod';
import { EXPORT_EVENTS } from './exports';
import { MONITORING_EVENTS } from './monitoring';

/**
 * Every event of the system: subject -> payload schema. Subjects are part of stream
 * configuration and durable consumer names: do not rename without a migration plan.
 * Each domain keeps its events in its own map; this file joins them.
 */
const IDENTITY_EVENTS = {
  'identity.token.revoked': z.object({ tokenId: z.uuid(), workspaceId: z.uuid() }),
  'identity.user.role_changed': z.object({ userId: z.uuid(), workspaceId: z.uuid(), role: z.enum(['owner', 'admin', 'member']) }),
} as const;

const COMPANY_EVENTS = {
  /** An export unlocked these companies for the workspace (re-exporting them is free). */
  'companies.unlocked': z.object({ workspaceId: z.uuid(), exportId: z.uuid(), companyIds: z.array(z.uuid()).max(10_000) }),
  /** A failed export's refund locked its companies again. */
  'companies.locked': z.object({ workspaceId: z.uuid(), exportId: z.uuid(), companyIds: z.array(z.uuid()).max(10_000) }),
} as const;

export const EVENTS = {
  ...IDENTITY_EVENTS,
  ...COMPANY_EVENTS,
  ...EXPORT_EVENTS,
  ...MONITORING_EVENTS,
} as const;

export type EventSubject = keyof typeof EVENTS;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENTS)[S]>;

/** How JetStream keeps one stream; the platform's Bus turns it into the server's stream configuration. */
export interface StreamSettings {
  readonly subjects: readonly string[];
  /**
   * `limits`: kept until `maxAgeMs` whoever read them (a late or new consumer still finds them);
   * `workqueue`: removed once acknowledged, one consumer per subject; `interest`: removed once
   * every consumer that existed at publish time acknowledged (none existing: dropped at once).
   */
  readonly retention: 'limits' | 'workqueue' | 'interest';
  readonly maxAgeMs: number;
  readonly storage: 'file' | 'memory';
  /** A message repeating a `msgID` seen within this window is dropped: the outbox relay's republishing relies on it. */
  readonly duplicateWindowMs: number;
  /** Copies in a clustered deployment; a single server (development, tests) keeps one. */
  readonly replicas: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * JetStream streams: the subjects each one stores and how. Facts are kept (`limits`) rather
 * than dropped once read, because consumers are created by their own services at their own
 * start, possibly after the first events were published. The owning service creates and
 * updates its streams; a consumer creates a missing one with these same settings.
 * Stream names are part of JetStream state: do not rename without a migration plan.
 */
export const STREAMS = {
  /** Token revocations and role changes; the gateways listen, durable readers have a week. */
  IDENTITY: { subjects: ['identity.>'], retention: 'limits', maxAgeMs: 7 * DAY_MS, storage: 'file', duplicateWindowMs: 10 * MINUTE_MS, replicas: 3 },
  /** Unlocks and re-locks; search's `saved` counts need every one, so a month covers a long outage of search. */
  COMPANIES: { subjects: ['companies.>'], retention: 'limits', maxAgeMs: 30 * DAY_MS, storage: 'file', duplicateWindowMs: 10 * MINUTE_MS, replicas: 3 },
  EXPORTS: { subjects: ['export.>'], retention: 'limits', maxAgeMs: 7 * DAY_MS, storage: 'file', duplicateWindowMs: 10 * MINUTE_MS, replicas: 3 },
  MONITORS: { subjects: ['monitor.>'], retention: 'limits', maxAgeMs: 7 * DAY_MS, storage: 'file', duplicateWindowMs: 10 * MINUTE_MS, replicas: 3 },
  SIGNALS: { subjects: ['signal.>'], retention: 'limits', maxAgeMs: 7 * DAY_MS, storage: 'file', duplicateWindowMs: 10 * MINUTE_MS, replicas: 3 },
  DELIVERIES: { subjects: ['delivery.>'], retention: 'limits', maxAgeMs: 7 * DAY_MS, storage: 'file', duplicateWindowMs: 10 * MINUTE_MS, replicas: 3 },
} as const satisfies Record<string, StreamSettings>;

export type StreamName = keyof typeof STREAMS;
