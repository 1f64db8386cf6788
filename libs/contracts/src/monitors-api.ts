import { z } from 'zod';
import {
  CHECK_STATUSES,
  deliveryMethodSchema,
  jobOpeningFiltersSchema,
  runStatusSchema,
  senioritySchema,
  signalTypeSchema,
  SIGNAL_TYPES,
} from './monitoring';
import { calendarDay, queryInteger, textField } from './request-fields';

/** Active monitors a workspace may have (interface.md: Limits). */
export const ACTIVE_MONITORS_PER_WORKSPACE = 10;
/** Runs listed on a monitor (`recent_runs`, only on Get). */
export const RECENT_RUNS = 7;
/** Companies one monitor may watch: keeps a run's checks (companies x signal types) bounded. */
export const MONITOR_MAX_DOMAINS = 10_000;

export const MONITOR_STATUSES = ['active', 'paused_by_user', 'paused_no_credits'] as const;
export const monitorStatusSchema = z.enum(MONITOR_STATUSES);
export type MonitorStatus = z.infer<typeof monitorStatusSchema>;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Longest monitored domain: each check's ledger reference
 * (`monitor:<monitor_id>:<run_date>:<domain>:<signal_type>:refund`) must fit the ledger's 255.
 */
export const MONITOR_DOMAIN_MAX_LENGTH = 170;

/**
 * A domain as monitors keep it (decisions.md): lower case, no scheme, no `www.`, no path (nor
 * query, fragment, port or trailing dot). International names are kept in their ASCII (punycode)
 * form, as the URL standard writes them.
 */
export function normalizeMonitorDomain(input: string): string {
  const bare = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  let ascii = bare;
  if (/[^\x20-\x7e]/.test(bare)) {
    try {
      ascii = new URL(`http://${bare}`).hostname;
    } catch {
      return bare;
    }
  }
  return ascii.replace(/^www\./, '');
}

/** Whether a normalised domain is a plausible host name: two or more labels, a non-numeric top level. */
export function isValidMonitorDomain(domain: string): boolean {
  if (domain.length === 0 || domain.length > MONITOR_DOMAIN_MAX_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return /[a-z]/.test(labels[labels.length - 1]!);
}

/** A domain in a request: normalised, then refused (422 naming the field) when it is no host name. */
export const monitorDomainField = () =>
  textField()
    .max(2048)
    .transform(normalizeMonitorDomain)
    .refine(isValidMonitorDomain, 'must be a domain such as example.com');

const monitorName = () => textField().trim().min(1).max(200);

const signalTypesField = () =>
  z
    .array(signalTypeSchema, { error: `must be a list of signal types (${SIGNAL_TYPES.join(', ')})` })
    .min(1, 'must name at least one signal type')
    .refine((types) => new Set(types).size === types.length, 'must not name a signal type twice');

/**
 * JobOpeningFilters in a body. Every field is optional; the object replaces the monitor's
 * filters whole (an omitted field is cleared), so `{}` clears them all.
 */
export const jobOpeningFiltersBodySchema = z.strictObject({
  title_keyword: textField().trim().max(200).nullable().optional(),
  seniority: z.array(senioritySchema).max(20).optional(),
  categories: z.array(textField().trim().min(1).max(100)).max(50).optional(),
});
export type JobOpeningFiltersBody = z.infer<typeof jobOpeningFiltersBodySchema>;

/** An id of webhook-dispatch's registry as sent: any string, checked by asking the registry. */
const registryIdField = () => textField().min(1).max(255);

export const createMonitorBodySchema = z.strictObject({
  name: monitorName(),
  signal_types: signalTypesField(),
  delivery_method: deliveryMethodSchema.optional(),
  webhook_id: registryIdField().nullable().optional(),
  domains: z
    .array(monitorDomainField(), { error: 'must be a list of domains' })
    .min(1, 'must name at least one domain')
    .max(MONITOR_MAX_DOMAINS),
  job_opening_filters: jobOpeningFiltersBodySchema.optional(),
  slack_connection_id: registryIdField().nullable().optional(),
});
export type CreateMonitorBody = z.infer<typeof createMonitorBodySchema>;

/** Only the fields sent change (interface.md: PATCH /monitors/{id}). */
export const updateMonitorBodySchema = z.strictObject({
  name: monitorName().optional(),
  signal_types: signalTypesField().optional(),
  delivery_method: deliveryMethodSchema.optional(),
  webhook_id: registryIdField().nullable().optional(),
  status: z.enum(['active', 'paused_by_user']).optional(),
  job_opening_filters: jobOpeningFiltersBodySchema.optional(),
  slack_connection_id: registryIdField().nullable().optional(),
});
export type UpdateMonitorBody = z.infer<typeof updateMonitorBodySchema>;

export const addMonitorDomainBodySchema = z.strictObject({ domain: monitorDomainField() });

export const listMonitorsQuerySchema = z.object({
  status: monitorStatusSchema.optional(),
  limit: queryInteger({ min: 1, max: 100 }).default(50),
  offset: queryInteger({ min: 0 }).default(0),
});

export const listRunsQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: 200 }).default(50),
  offset: queryInteger({ min: 0 }).default(0),
});

const timestamp = z.string();

/** A run summary (interface.md: Monitor run), with the monitor it belongs to. */
export const runSummarySchema = z.object({
  id: z.uuid(),
  monitor_id: z.uuid(),
  run_date: z.string().meta({ description: 'The UTC day of the run, YYYY-MM-DD.' }),
  status: runStatusSchema.meta({ description: '`running`, `success`, `partial` (checks failed or credits ran out) or `failed`.' }),
  started_at: timestamp,
  completed_at: timestamp.nullable(),
  domains_total: z.number().int().meta({ description: 'Checks to make: companies x signal types.' }),
  domains_processed: z.number().int().meta({ description: 'Checks made.' }),
  domains_skipped_credits: z.number().int().meta({ description: 'Checks skipped for lack of credits (not charged).' }),
  domains_failed: z.number().int().meta({ description: 'Checks that could not be made (charged, then refunded).' }),
  credits_charged: z.number().int(),
  credits_refunded: z.number().int(),
  new_items_total: z.number().int().meta({ description: 'New signals delivered.' }),
}).meta({ id: 'MonitorRun', description: 'A run of a monitor: one per monitor per UTC day.' });
export type RunSummary = z.infer<typeof runSummarySchema>;

/** A check's status as shown: the contract's outcomes, and `pending` while a running run has not settled it. */
export const runCheckStatusSchema = z.enum([...CHECK_STATUSES, 'pending']);

export const runCheckSchema = z.object({
  domain: z.string(),
  signal_type: signalTypeSchema,
  status: runCheckStatusSchema,
  error_code: z.string().nullable(),
  items_fetched: z.number().int(),
  items_new: z.number().int(),
  items_pushed: z.number().int(),
  credit_charged: z.boolean(),
  credit_refunded: z.boolean(),
  started_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
}).meta({ id: 'MonitorRunCheck', description: 'One check of a run: a company and a signal type.' });
export type RunCheck = z.infer<typeof runCheckSchema>;

export const runDetailSchema = runSummarySchema.extend({ run_domains: z.array(runCheckSchema) }).meta({
  id: 'MonitorRunDetail',
  description: 'A run with its checks, in run order.',
});
export type RunDetail = z.infer<typeof runDetailSchema>;

export const runsPageSchema = z.object({
  items: z.array(runSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
});
export type RunsPage = z.infer<typeof runsPageSchema>;

/** The Monitor record of interface.md. */
export const monitorSchema = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  /** Null for a monitor the operator created (`radar monitor follow-list`): no user made it. */
  created_by: z.uuid().nullable().meta({ description: 'The user who created it; null for a monitor the operator created for a saved list.' }),
  name: z.string(),
  signal_types: z.array(signalTypeSchema),
  delivery_method: deliveryMethodSchema,
  webhook_id: z.uuid().nullable().meta({ description: 'The webhook deliveries go to; null for email.' }),
  job_opening_filters: jobOpeningFiltersSchema,
  list_id: z.uuid().nullable().meta({ description: 'Set when the monitor watches a saved list: its companies are the list\'s.' }),
  list_name: z.string().nullable(),
  slack_connection_id: z.uuid().nullable().meta({ description: 'The team-chat connection each run also posts to, if any.' }),
  slack_channel: z.string().nullable(),
  status: monitorStatusSchema.meta({ description: '`active`, `paused_by_user`, or `paused_no_credits` (resumes by itself at the next run after a top-up).' }),
  last_run_at: timestamp.nullable(),
  last_run_status: runStatusSchema.nullable(),
  last_error: z.string().nullable().meta({ description: 'Why it last stopped, if it did.' }),
  domains: z.array(z.object({ domain: z.string(), added_at: timestamp })).meta({ description: 'The companies watched, by normalised domain.' }),
  estimated_daily_cost: z.number().int().meta({ description: 'Credits per daily run: companies x signal types.' }),
  recent_runs: z.array(runSummarySchema).optional(),
  created_at: timestamp,
  updated_at: timestamp,
}).meta({ id: 'Monitor', description: 'A monitor. `recent_runs` (the last 7, newest first) only on Get.' });
export type MonitorView = z.infer<typeof monitorSchema>;

export const monitorsPageSchema = z.object({ items: z.array(monitorSchema), total: z.number().int() });
export type MonitorsPage = z.infer<typeof monitorsPageSchema>;

/**
 * monitor-scheduler's operator routes (under OPERATOR_PREFIX, `Authorization: Bearer
 * <OPERATOR_SECRET>`), passed through by the gateway's operator interface for the `radar` CLI.
 */
export const MONITOR_OPERATOR_ROUTES = {
  followList: { method: 'POST', path: '/monitors/follow-list' },
  runMonitors: { method: 'POST', path: '/monitors/run' },
} as const;

/** `radar monitor follow-list`: a monitor whose companies are a saved list's, read again at each run. */
export const followListBodySchema = z.strictObject({
  workspace_id: z.uuid(),
  list_id: z.uuid(),
  name: monitorName(),
  signal_types: signalTypesField(),
});
export type FollowListBody = z.infer<typeof followListBodySchema>;

/** `radar monitors run`: the daily job for a UTC day (today by default), optionally for one monitor. */
export const runMonitorsBodySchema = z.strictObject({
  date: calendarDay().optional(),
  monitor_id: z.uuid().optional(),
});
export type RunMonitorsBody = z.infer<typeof runMonitorsBodySchema>;

export const runMonitorsResultSchema = z.object({ runs: z.array(runSummarySchema) });
