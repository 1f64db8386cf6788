import { z } from 'zod';
import { calendarDay } from './request-fields';
import { signalTypeSchema } from './monitoring';

/**
 * The upstream signal provider's HTTP API, as signal-ingest calls it and provider-sim serves it:
 *
 *   GET {PROVIDER_URL}/v1/companies/{domain}/{signal_type}?as_of=YYYY-MM-DD
 *   header X-Api-Key: PROVIDER_API_KEY
 *
 * 200 with the company's items that happened on or before `as_of`, newest first, going back a
 * year (`as_of` and the 364 days before it; an unknown domain has none); 401 for a wrong key;
 * 429 and 5xx are the provider's failures, which a check maps to `error_pl`.
 */
/** How far back the provider answers, in days, `as_of` included. */
export const PROVIDER_HISTORY_DAYS = 365;

export const PROVIDER_PATH = (domain: string, signalType: string) =>
  `/v1/companies/${encodeURIComponent(domain)}/${encodeURIComponent(signalType)}`;

const day = calendarDay();

export const providerJobOpeningSchema = z.object({
  title: z.string(),
  seniority: z.string().nullable(),
  categories: z.array(z.string()),
  location: z.string().nullable(),
});

export const providerItemSchema = z.object({
  /** The provider's id of the item (`pl_item_id`): the same event always has the same id. */
  id: z.string().min(1),
  signal_type: signalTypeSchema,
  /** News category, financing round or connection category; null when the provider sent none. */
  category: z.string().nullable(),
  happened_on: day,
  headline: z.string(),
  details: z.array(z.string()),
  source_url: z.string().nullable(),
  /** Job openings only. */
  job_opening: providerJobOpeningSchema.nullable(),
});
export type ProviderItem = z.infer<typeof providerItemSchema>;

export const providerResponseSchema = z.object({
  data: z.array(providerItemSchema),
  meta: z.object({ domain: z.string(), signal_type: signalTypeSchema, as_of: day, count: z.number().int().min(0) }),
});
export type ProviderResponse = z.infer<typeof providerResponseSchema>;

/**
 * The provider's feed of the companies the account follows (the leads feed's source):
 *
 *   GET {PROVIDER_URL}/v1/followed-companies?as_of=YYYY-MM-DD&since=YYYY-MM-DD&offset=N&limit=M
 *   header X-Api-Key: PROVIDER_API_KEY
 *
 * 200 with a page of the followed companies, in a stable order, each with its items of every
 * signal type that happened from `since` to `as_of` (both included; at most a year back, as the
 * per-company API), newest first. `meta.total` is the number of followed companies: a reader
 * pages with `offset` until it has seen them all. 401 for a wrong key; 429 and 5xx are failures.
 */
export const PROVIDER_FOLLOWED_PATH = '/v1/followed-companies';
export const PROVIDER_FOLLOWED_MAX_LIMIT = 500;

export const providerFollowedCompanySchema = z.object({
  domain: z.string().min(1),
  name: z.string(),
  items: z.array(providerItemSchema),
});
export type ProviderFollowedCompany = z.infer<typeof providerFollowedCompanySchema>;

export const providerFollowedResponseSchema = z.object({
  data: z.array(providerFollowedCompanySchema),
  meta: z.object({
    as_of: day,
    since: day,
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
  }),
});
export type ProviderFollowedResponse = z.infer<typeof providerFollowedResponseSchema>;
