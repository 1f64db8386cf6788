import { z } from 'zod';
import { companyFiltersShape, companySummarySchema } from './companies';
import { textField } from './request-fields';

/** Bring your own list (extensions.md, sections 1 and 2): lookup by domain or name, similar companies. */

export const LOOKUP_MAX_ITEMS = 100;
export const LOOKUP_REF_MAX = 200;
export const LOOKUP_STATUSES = ['matched', 'not_found', 'ambiguous', 'invalid'] as const;
export const LOOKUP_INVALID_REASONS = ['no_domain_or_name', 'invalid_domain', 'unknown_country'] as const;
export const LOOKUP_MATCH_TYPES = ['domain', 'name'] as const;
export const LOOKUP_MAX_CANDIDATES = 3;

export const SIMILAR_MAX_SEEDS = 20;
export const SIMILAR_LIMIT_MAX = 100;
export const SIMILAR_LIMIT_DEFAULT = 20;

export const companyLookupItemSchema = z
  .strictObject({
    ref: textField().max(LOOKUP_REF_MAX).nullish().meta({ description: 'Your own key for the entry (at most 200 characters), echoed back.' }),
    domain: textField().max(2_000).nullish().meta({ description: 'A domain, a URL or an email address.' }),
    name: textField().max(500).nullish().meta({ description: 'A company name; used when there is no domain or the domain finds nothing.' }),
    country: textField().max(200).nullish().meta({ description: 'A full country name as in search (`Germany`), narrowing `name` only.' }),
  })
  .meta({ id: 'CompanyLookupItem', description: 'One entry of your list: a domain, a name, or both.' });
export type CompanyLookupItem = z.infer<typeof companyLookupItemSchema>;

export const companyLookupRequestSchema = z
  .strictObject({
    items: z.array(companyLookupItemSchema).min(1).max(LOOKUP_MAX_ITEMS).meta({ description: '1 to 100 entries, each answered on its own.' }),
  })
  .meta({ id: 'CompanyLookupRequest' });
export type CompanyLookupRequest = z.infer<typeof companyLookupRequestSchema>;

export const lookupCandidateSchema = z
  .object({
    company_id: z.uuid(),
    name: z.string(),
    domain: z.string(),
    country: z.string().nullable().meta({ description: 'The English country name, as search shows it.' }),
    confidence: z.number().meta({ description: 'The name similarity, two decimals.' }),
  })
  .meta({ id: 'LookupCandidate' });
export type LookupCandidate = z.infer<typeof lookupCandidateSchema>;

export const companyLookupResultSchema = z
  .object({
    ref: z.string().nullable(),
    status: z.enum(LOOKUP_STATUSES),
    reason: z.enum(LOOKUP_INVALID_REASONS).nullable().meta({ description: 'Null unless `invalid`.' }),
    match_type: z.enum(LOOKUP_MATCH_TYPES).nullable().meta({ description: '`domain` or `name` when matched.' }),
    confidence: z.number().meta({
      description: '0 to 1, two decimals: 1 for a domain match, the name similarity for a name match, 0 when not found or invalid.',
    }),
    company: companySummarySchema.nullable().meta({ description: 'The company summary when matched.' }),
    candidates: z.array(lookupCandidateSchema).meta({
      description: 'When ambiguous: up to 3 candidates, best first, ties by `company_id`; `[]` otherwise.',
    }),
  })
  .meta({ id: 'CompanyLookupResult' });
export type CompanyLookupResult = z.infer<typeof companyLookupResultSchema>;

export const companyLookupResponseSchema = z
  .object({
    items: z.array(companyLookupResultSchema).meta({ description: 'One result per entry, in the order sent.' }),
    matched: z.number().int(),
    not_found: z.number().int(),
    ambiguous: z.number().int(),
    invalid: z.number().int(),
  })
  .meta({ id: 'CompanyLookupResponse' });
export type CompanyLookupResponse = z.infer<typeof companyLookupResponseSchema>;

/** Search filters without the free-text query and the sort: what narrows the candidates of similar companies. */
const { query: _query, sort_by: _sortBy, sort_order: _sortOrder, ...similarFiltersShape } = companyFiltersShape;

export const similarCompaniesFiltersSchema = z
  .strictObject(similarFiltersShape)
  .meta({ id: 'SimilarCompaniesFilters', description: 'Search filters (without query and sort): only companies matching them are candidates.' });

export const similarCompaniesRequestSchema = z
  .strictObject({
    company_ids: z
      .array(z.uuid())
      .min(1)
      .max(SIMILAR_MAX_SEEDS)
      .superRefine((ids, ctx) => {
        const seen = new Set<string>();
        ids.forEach((id, index) => {
          const key = id.toLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: 'repeats an earlier company id' });
          seen.add(key);
        });
      })
      .meta({ description: '1 to 20 distinct company ids: the seeds.' }),
    filters: similarCompaniesFiltersSchema.optional(),
    limit: z.number().int().min(1).max(SIMILAR_LIMIT_MAX).optional().meta({ description: 'How many companies: 1 to 100, default 20.' }),
  })
  .meta({ id: 'SimilarCompaniesRequest' });
export type SimilarCompaniesRequest = z.infer<typeof similarCompaniesRequestSchema>;

export const similarSharedSchema = z
  .object({
    industry: z.string().nullable().meta({ description: 'The company\'s industry when a seed has the same one, else null.' }),
    country: z.string().nullable().meta({ description: 'The company\'s country when a seed has the same one, else null.' }),
    employee_band: z.boolean().meta({ description: 'Whether the company is in a seed\'s size band.' }),
    technologies: z.array(z.string()).meta({ description: 'The technologies it shares with the seeds.' }),
    terms: z.array(z.string()).meta({ description: 'The characteristic description terms (stemmed) it shares with a seed.' }),
  })
  .meta({ id: 'SimilarShared' });

export const similarCompanySchema = companySummarySchema
  .extend({
    similarity: z.number().meta({ description: 'From 0 to 1, four decimals: the mean over the seeds of the rule\'s score.' }),
    shared: similarSharedSchema,
  })
  .meta({ id: 'SimilarCompany' });
export type SimilarCompany = z.infer<typeof similarCompanySchema>;

export const similarCompaniesResponseSchema = z
  .object({
    seeds: z.array(companySummarySchema).meta({ description: 'The seeds\' summaries, in the order sent.' }),
    items: z.array(similarCompanySchema).meta({ description: 'By similarity descending, ties by company_id ascending; seeds never appear.' }),
    limit: z.number().int(),
  })
  .meta({ id: 'SimilarCompaniesResponse' });
export type SimilarCompaniesResponse = z.infer<typeof similarCompaniesResponseSchema>;
