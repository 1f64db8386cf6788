import { z } from 'zod';
import { monitorDomainField } from './monitors-api';
import { eventFamilySchema, signalRecordSchema, signalTypeSchema } from './monitoring';
import { calendarDay, queryInteger, textField } from './request-fields';

/**
 * The signals and leads read APIs (interface.md: Signals, Leads), served by signal-ingest.
 * Query schemas ignore parameters they do not name (decisions.md: unknown query parameters are
 * ignored); every named one is validated and a bad value is 422 naming it.
 */

/** interface.md, Limits. */
export const SIGNALS_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;
export const LEADS_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;
export const LEADS_WINDOW_DAYS = { default: 30, max: 365 } as const;

/** How long the leads feed keeps an event, by its `happened_on` (interface.md: job openings 90 days, everything else a year). */
export const LEAD_RETENTION_DAYS = { job_openings: 90, other: 365 } as const;

/** A `true`/`false` query flag; anything else (`1`, `yes`, empty) is 422 rather than a guess. */
const queryFlag = () =>
  z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true');

const optionalText = (max: number) =>
  textField()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value));

/** The filters GET /signals, /signals/summary and /signals/export share (family: not on the summary). */
const signalFilterFields = {
  signal_type: signalTypeSchema.optional(),
  monitor_id: z.uuid({ error: 'must be a monitor id (a UUID)' }).transform((id) => id.toLowerCase()).optional(),
  /** Normalised like a monitor's domain (signals carry the monitor's form), so `WWW.Acme.com` finds acme.com. */
  domain: monitorDomainField().optional(),
  /** Delivered on or after this UTC day. */
  since: calendarDay().optional(),
  /** Delivered on or before this UTC day. */
  until: calendarDay().optional(),
};

const sinceNotAfterUntil = (query: { since?: string; until?: string }) =>
  query.since === undefined || query.until === undefined || query.since <= query.until;
const SINCE_AFTER_UNTIL = { message: 'must not be after until', path: ['since'] };

export const signalsSummaryQuerySchema = z.object(signalFilterFields).refine(sinceNotAfterUntil, SINCE_AFTER_UNTIL);
export type SignalsSummaryQuery = z.infer<typeof signalsSummaryQuerySchema>;

export const signalsExportQuerySchema = z
  .object({ ...signalFilterFields, family: eventFamilySchema.optional() })
  .refine(sinceNotAfterUntil, SINCE_AFTER_UNTIL);
export type SignalsExportQuery = z.infer<typeof signalsExportQuerySchema>;

export const listSignalsQuerySchema = z
  .object({
    ...signalFilterFields,
    family: eventFamilySchema.optional(),
    limit: queryInteger({ min: 1, max: SIGNALS_PAGE.maxLimit }).default(SIGNALS_PAGE.defaultLimit),
    offset: queryInteger({ min: 0 }).default(0),
  })
  .refine(sinceNotAfterUntil, SINCE_AFTER_UNTIL);
export type ListSignalsQuery = z.infer<typeof listSignalsQuerySchema>;

/** The filters every signal read takes (the list's, without paging). */
export type SignalFilters = SignalsExportQuery;

export const signalsPageSchema = z.object({
  items: z.array(signalRecordSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SignalsPage = z.infer<typeof signalsPageSchema>;

/** SignalFamilyCount: every family is listed, in the contract's order, zeros included. */
export const signalFamilyCountSchema = z.object({ family: eventFamilySchema, label: z.string(), count: z.number().int() }).meta({
  id: 'SignalFamilyCount',
  description: 'How many signals of one event family.',
});
export type SignalFamilyCount = z.infer<typeof signalFamilyCountSchema>;

export const signalsSummarySchema = z.object({
  total: z.number().int(),
  last_24h: z.number().int(),
  last_7d: z.number().int(),
  /** Signals of no known family: counted in `total` only. */
  unclassified: z.number().int(),
  by_family: z.array(signalFamilyCountSchema),
}).meta({ id: 'SignalsSummary' });
export type SignalsSummary = z.infer<typeof signalsSummarySchema>;

/** GET /signals/export: the contract's columns, in order. New columns are only ever appended. */
export const SIGNAL_EXPORT_COLUMNS = [
  'fired_at_utc',
  'signal_type',
  'company_domain',
  'headline',
  'details',
  'source_url',
  'cron_job_name',
  'delivery_method',
  'delivery_status',
  'content_available',
  'provider_item_id',
  'signal_family',
  'happened_on',
] as const;

const leadFilterFields = {
  days: queryInteger({ min: 1, max: LEADS_WINDOW_DAYS.max }).default(LEADS_WINDOW_DAYS.default),
  /** Company name or domain contains it (case ignored); blank is no filter. */
  q: optionalText(200),
  hide_watched: queryFlag().default(false),
};

export const leadsSummaryQuerySchema = z.object(leadFilterFields);
export type LeadsSummaryQuery = z.infer<typeof leadsSummaryQuerySchema>;

export const listLeadsQuerySchema = z.object({
  ...leadFilterFields,
  family: eventFamilySchema.optional(),
  /** Exact domain, normalised like a monitor's. */
  domain: monitorDomainField().optional(),
  per_company: queryFlag().default(true),
  limit: queryInteger({ min: 1, max: LEADS_PAGE.maxLimit }).default(LEADS_PAGE.defaultLimit),
  offset: queryInteger({ min: 0 }).default(0),
});
export type ListLeadsQuery = z.infer<typeof listLeadsQuerySchema>;

const day = calendarDay();

/** The Lead record of interface.md. */
export const leadSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  company_name: z.string(),
  signal_type: signalTypeSchema,
  signal_label: z.string(),
  family: eventFamilySchema.nullable(),
  family_label: z.string().nullable(),
  category: z.string().nullable(),
  headline: z.string(),
  details: z.array(z.string()),
  source_url: z.string().nullable(),
  happened_on: day,
  found_at: z.iso.datetime({ offset: true }),
  /** A monitor of the workspace already watches the company. */
  watched: z.boolean().meta({ description: 'A monitor of the workspace already watches the company.' }),
  /** The company's signals in the window, this one included. */
  company_signals: z.number().int().meta({ description: 'The company\'s signals in the window, this one included.' }),
  /** The families of those signals, in the contract's order. */
  company_families: z.array(eventFamilySchema).meta({ description: 'The families of those signals.' }),
}).meta({ id: 'Lead', description: 'A recent event of a followed company.' });
export type Lead = z.infer<typeof leadSchema>;

export const leadsPageSchema = z.object({
  items: z.array(leadSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type LeadsPage = z.infer<typeof leadsPageSchema>;

export const leadsSummarySchema = z.object({
  /** Signals in the window (as `per_company=false` lists them). */
  total: z.number().int(),
  /** Companies with signals in the window (as `per_company=true` lists them). */
  companies: z.number().int(),
  by_family: z.array(signalFamilyCountSchema),
  companies_followed: z.number().int(),
  last_received_at: z.iso.datetime({ offset: true }).nullable(),
}).meta({ id: 'LeadsSummary' });
export type LeadsSummary = z.infer<typeof leadsSummarySchema>;
