import { z } from 'zod';
import { calendarDay } from './request-fields';

/** What a monitor can watch (interface.md: Monitor.signal_types). */
export const SIGNAL_TYPES = ['job_openings', 'financing_events', 'news_events', 'connections'] as const;
export const signalTypeSchema = z.enum(SIGNAL_TYPES);
export type SignalType = z.infer<typeof signalTypeSchema>;

/** Readable signal types (decisions.md: Event families). */
export const SIGNAL_LABELS: Readonly<Record<SignalType, string>> = {
  job_openings: 'Job opening',
  financing_events: 'Financing event',
  news_events: 'News event',
  connections: 'Connection',
};

/** Event families, in the contract's order (every family listed, zeros included, in summaries). */
export const EVENT_FAMILIES = ['funding', 'mna', 'leadership', 'hiring', 'expansion', 'contraction', 'commercial', 'product', 'technology', 'other'] as const;
export const eventFamilySchema = z.enum(EVENT_FAMILIES);
export type EventFamily = z.infer<typeof eventFamilySchema>;

export const FAMILY_LABELS: Readonly<Record<EventFamily, string>> = {
  funding: 'Funding',
  mna: 'M&A',
  leadership: 'Leadership',
  hiring: 'Hiring',
  expansion: 'Expansion',
  contraction: 'Contraction',
  commercial: 'Commercial',
  product: 'Product',
  technology: 'Technology',
  other: 'Other',
};

export const SENIORITIES = ['founder', 'c_level', 'partner', 'president', 'vice_president', 'head', 'director', 'manager', 'mid_senior', 'junior'] as const;
export const senioritySchema = z.enum(SENIORITIES);

/** JobOpeningFilters as stored and as carried in a check: unset filters are empty. */
export const jobOpeningFiltersSchema = z.object({
  title_keyword: z.string().nullable(),
  seniority: z.array(senioritySchema),
  categories: z.array(z.string()),
}).meta({
  id: 'JobOpeningFilters',
  description: 'Filters of job openings (ignored unless job_openings is watched); unset filters are empty.',
});
export type JobOpeningFilters = z.infer<typeof jobOpeningFiltersSchema>;

export const deliveryMethodSchema = z.enum(['email', 'webhook']);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

export const CHECK_STATUSES = ['success', 'skipped_credits', 'error_pl', 'error_other'] as const;
export const checkStatusSchema = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

export const RUN_STATUSES = ['running', 'success', 'partial', 'failed'] as const;
export const runStatusSchema = z.enum(RUN_STATUSES);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

const day = calendarDay();
const timestamp = z.iso.datetime({ offset: true });

/**
 * The Signal record of interface.md, as signal-ingest stores it and delivery sends it
 * (the webhook body's `data`). Field names are the contract's.
 */
export const signalRecordSchema = z.object({
  id: z.uuid(),
  fired_at: timestamp.meta({ description: 'When it was delivered.' }),
  signal_type: signalTypeSchema,
  signal_label: z.string(),
  domain: z.string(),
  cron_job_id: z.uuid().meta({ description: 'The monitor that delivered it.' }),
  cron_job_name: z.string().meta({ description: 'That monitor\'s name.' }),
  delivery_method: deliveryMethodSchema,
  pl_item_id: z.string().meta({ description: 'The signal\'s own id: the same signal always has the same id.' }),
  webhook_delivery_id: z.string().nullable().meta({ description: 'Webhook deliveries only: the `webhook-id` header, unchanged across retries.' }),
  delivery_status: deliveryStatusSchema.nullable().meta({ description: 'Webhook deliveries only: `pending` while retrying, then `delivered` or `failed`.' }),
  response_status: z.number().int().nullable().meta({ description: 'Webhook deliveries only: the last HTTP status the endpoint answered (null when none came).' }),
  content_available: z.boolean().meta({ description: 'False: delivered, but its text was not kept (headline and details empty); the event still happened.' }),
  headline: z.string(),
  details: z.array(z.string()),
  source_url: z.string().nullable(),
  family: eventFamilySchema.nullable().meta({ description: 'The event family; null when unknown.' }),
  family_label: z.string().nullable(),
  category: z.string().nullable().meta({ description: 'For news: e.g. `receives_financing`.' }),
  happened_on: day.nullable().meta({ description: 'When the event happened (YYYY-MM-DD); may precede delivery.' }),
}).meta({ id: 'Signal', description: 'A delivered signal. The webhook fields are set for webhook deliveries only.' });
export type SignalRecord = z.infer<typeof signalRecordSchema>;

/**
 * Monitoring events (monitor-scheduler, signal-ingest, webhook-dispatch). Subjects are part of
 * stream configuration and durable consumer names: do not rename without a migration plan.
 */
export const MONITORING_EVENTS = {
  /** A monitor started watching a domain (leads' `watched` and `hide_watched` follow these). */
  'monitor.domain.added': z.object({ workspaceId: z.uuid(), monitorId: z.uuid(), domain: z.string() }),
  /** A monitor stopped watching a domain (removed, or the monitor was deleted). */
  'monitor.domain.removed': z.object({ workspaceId: z.uuid(), monitorId: z.uuid(), domain: z.string() }),
  /**
   * One paid check of a run: signal-ingest asks the provider for `domain` and `signalType` as of
   * `runDate`, records what is new to this monitor and answers `signal.check.completed`.
   * `checkId` is the run_domains row; a redelivered check must record nothing twice.
   */
  'signal.check.requested': z.object({
    checkId: z.uuid(),
    runId: z.uuid(),
    runDate: day,
    workspaceId: z.uuid(),
    monitorId: z.uuid(),
    monitorName: z.string(),
    domain: z.string(),
    signalType: signalTypeSchema,
    deliveryMethod: deliveryMethodSchema,
    webhookId: z.uuid().nullable(),
    slackConnectionId: z.uuid().nullable(),
    jobOpeningFilters: jobOpeningFiltersSchema,
  }),
  /** The outcome of one check, with its counters (interface.md: run_domains). */
  'signal.check.completed': z.object({
    checkId: z.uuid(),
    runId: z.uuid(),
    workspaceId: z.uuid(),
    monitorId: z.uuid(),
    status: z.enum(['success', 'error_pl', 'error_other']),
    errorCode: z.string().nullable(),
    itemsFetched: z.number().int().min(0),
    itemsNew: z.number().int().min(0),
    itemsPushed: z.number().int().min(0),
    startedAt: timestamp,
    completedAt: timestamp,
  }),
  /** A monitor's run ended: the delivery side sends the run's email digest and team-chat message. */
  'monitor.run.completed': z.object({
    workspaceId: z.uuid(),
    monitorId: z.uuid(),
    monitorName: z.string(),
    runId: z.uuid(),
    runDate: day,
    status: runStatusSchema,
    deliveryMethod: deliveryMethodSchema,
    slackConnectionId: z.uuid().nullable(),
    newItemsTotal: z.number().int().min(0),
  }),
  /** A new signal recorded for a monitor: the delivery side sends it (webhook) or gathers it (email, team chat). */
  'signal.delivered': z.object({
    workspaceId: z.uuid(),
    runId: z.uuid(),
    runDate: day,
    webhookId: z.uuid().nullable(),
    slackConnectionId: z.uuid().nullable(),
    signal: signalRecordSchema,
  }),
  /**
   * The outcome of a webhook delivery so far (signal-ingest fills the signal's delivery fields).
   * One delivery's updates are published in the order they happened; `delivered` and `failed`
   * are final. `attempts` (requests made so far; always set by webhook-dispatch) lets a consumer
   * that handles them out of order keep the latest.
   */
  'delivery.updated': z.object({
    workspaceId: z.uuid(),
    signalId: z.uuid(),
    webhookDeliveryId: z.string(),
    deliveryStatus: deliveryStatusSchema,
    responseStatus: z.number().int().nullable(),
    attempts: z.number().int().min(0).optional(),
  }),
} as const;
