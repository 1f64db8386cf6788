import { z } from 'zod';
import { companyFiltersShape } from './companies';
import { textField } from './request-fields';

/** Bring your own list (extensions.md §1): at most this many entries per lookup. */
export const LOOKUP_MAX_ITEMS = 100;
export const LOOKUP_REF_MAX_LENGTH = 200;

/** Similar companies (extensions.md §2): seeds per request, and the page of answers. */
export const SIMILAR_MAX_SEEDS = 20;
export const SIMILAR_LIMIT_MAX = 100;
export const SIMILAR_LIMIT_DEFAULT = 20;

const lookupItemSchema = z.strictObject({
  ref: textField()
    .max(LOOKUP_REF_MAX_LENGTH)
    .optional()
    .meta({ description: 'Your own key for the entry (at most 200 characters), echoed back in its result.', example: 'crm-0042' }),
  domain: textField()
    .max(2_048)
    .optional()
    .meta({ description: 'A domain, a URL or an email address (`ana@Acme.io` is `acme.io`); a subdomain counts as its registrable domain.', example: 'acme.io' }),
  name: textField()
    .max(500)
    .optional()
    .meta({ description: 'A company name, matched by its words with legal forms (Inc, GmbH, ...) dropped; used when there is no domain or it matches nothing.', example: 'Acme GmbH' }),
  country: textField()
    .max(200)
    .optional()
    .meta({ description: 'A full English country name as in search (`Germany`); narrows a name match only.', example: 'Germany' }),
});

/** POST /companies/lookup: the caller's companies, each by domain or name. */
export const companyLookupRequestSchema = z.strictObject({
  items: z
    .array(lookupItemSchema)
    .min(1)
    .max(LOOKUP_MAX_ITEMS)
    .meta({ description: '1 to 100 entries; each gets one result, in the order sent. An entry with neither `domain` nor `name` is `invalid`, not a 422.' }),
});
export type CompanyLookupRequest = z.infer<typeof companyLookupRequestSchema>;

/** Search filters without the free-text query, the sort and the paging: what narrows the candidates of similar companies. */
const { query: _query, sort_by: _sortBy, sort_order: _sortOrder, ...candidateFilterShape } = companyFiltersShape;

/** POST /companies/similar: companies like the seeds. */
export const similarCompaniesRequestSchema = z.strictObject({
  company_ids: z
    .array(z.string().meta({ description: 'A company id (a UUID, from a search result).' }))
    .min(1)
    .max(SIMILAR_MAX_SEEDS)
    .meta({ description: 'The seeds: 1 to 20 distinct company ids. An unknown or repeated id is 422 naming `company_ids.<index>`.' }),
  filters: z
    .strictObject(candidateFilterShape)
    .optional()
    .meta({ description: 'Search filters (as search, without `query`, `sort_by`, `sort_order`, `limit`, `cursor`): only companies matching them are candidates.' }),
  limit: z.number().int().min(1).max(SIMILAR_LIMIT_MAX).optional().meta({ description: 'How many companies to answer: default 20, at most 100.' }),
});
export type SimilarCompaniesRequest = z.infer<typeof similarCompaniesRequestSchema>;
