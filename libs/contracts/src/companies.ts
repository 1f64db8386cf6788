import { z } from 'zod';

/** The nine stored employee_count values (size band markers) and their labels. */
export const EMPLOYEE_BANDS = [
  { value: 1, label: '1' },
  { value: 10, label: '2-10' },
  { value: 50, label: '11-50' },
  { value: 200, label: '51-200' },
  { value: 500, label: '201-500' },
  { value: 1000, label: '501-1000' },
  { value: 5000, label: '1001-5000' },
  { value: 10000, label: '5001-10000' },
  { value: 10001, label: '10001+' },
] as const;
export const EMPLOYEE_BAND_VALUES: number[] = EMPLOYEE_BANDS.map((band) => band.value);

/** NAICS 2022 sectors as search accepts them: multi-prefix sectors only in their hyphenated form. */
export const NAICS_SECTORS = [
  '11', '21', '22', '23', '31-33', '42', '44-45', '48-49', '51', '52',
  '53', '54', '55', '56', '61', '62', '71', '72', '81', '92',
] as const;

export const CONNECTION_CATEGORIES = ['vendor', 'investor', 'partner', 'integration', 'customer', 'parent', 'holding'] as const;

export const SORT_FIELDS = ['relevance', 'quality', 'employee_count', 'founded_year', 'name'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

export const SEARCH_TOTAL_CAP = 10_000;
export const SEARCH_PAGE_MAX = 100;
export const SEARCH_PAGE_DEFAULT = 20;
export const MAX_CONNECTION_FILTERS = 10;

const text = z.string().min(1).max(200);
const textList = z.array(text).max(100);

const connectionFilterSchema = z
  .strictObject({
    category: z.enum(CONNECTION_CATEGORIES).optional(),
    connected_company_id: z.uuid().optional(),
    connected_domain: text.optional(),
  })
  .refine((entry) => Object.keys(entry).length > 0, { message: 'a connection filter needs at least one field' });

/** The filter fields shared by search, counts and export sources. */
export const companyFiltersShape = {
  query: z.string().max(500).optional(),
  countries: textList.optional(),
  states: textList.optional(),
  cities: textList.optional(),
  industries: textList.optional(),
  exclude_industries: textList.optional(),
  naics_codes: z.array(z.string().regex(/^\d{6}$/, 'must be a 6-digit NAICS code')).max(100).optional(),
  naics_sectors: z
    .array(z.string())
    .max(20)
    .superRefine((sectors, ctx) => {
      const unknown = sectors.filter((s) => !(NAICS_SECTORS as readonly string[]).includes(s));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown NAICS sector ${unknown.map((s) => JSON.stringify(s)).join(', ')}; valid values are ${NAICS_SECTORS.join(', ')}`,
        });
      }
    })
    .optional(),
  technologies: textList.optional(),
  technology_categories: textList.optional(),
  employee_count_min: z.number().int().min(0).optional(),
  employee_count_max: z.number().int().min(0).optional(),
  employee_bands: z
    .array(z.number().int())
    .max(9)
    .superRefine((bands, ctx) => {
      const invalid = bands.filter((b) => !EMPLOYEE_BAND_VALUES.includes(b));
      if (invalid.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `invalid employee band ${invalid.join(', ')}; valid values are ${EMPLOYEE_BAND_VALUES.join(', ')}`,
        });
      }
    })
    .optional(),
  founded_year_min: z.number().int().min(1000).max(3000).optional(),
  founded_year_max: z.number().int().min(1000).max(3000).optional(),
  keywords: textList.optional(),
  exclude_keywords: textList.optional(),
  connections: z.array(connectionFilterSchema).max(MAX_CONNECTION_FILTERS).optional(),
  sort_by: z.enum(SORT_FIELDS).optional(),
  sort_order: z.enum(SORT_ORDERS).optional(),
};

export const companyFiltersSchema = z.strictObject(companyFiltersShape);
export type CompanyFilters = z.infer<typeof companyFiltersSchema>;

export const searchRequestSchema = z.strictObject({
  ...companyFiltersShape,
  limit: z.number().int().min(1).max(SEARCH_PAGE_MAX).optional(),
  cursor: z.string().min(1).max(2_000).optional(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const countsRequestSchema = companyFiltersSchema;
export type CountsRequest = CompanyFilters;

export const companySummarySchema = z.object({
  company_id: z.uuid(),
  name: z.string(),
  domain: z.string(),
  industry: z.string().nullable(),
  employee_count: z.number().int().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  technologies: z.array(z.string()),
  founded_year: z.number().int().nullable(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const facetBucketSchema = z.object({ value: z.union([z.string(), z.number()]), count: z.number().int() });
export const aggregationsSchema = z.object({
  industries: z.array(facetBucketSchema),
  countries: z.array(facetBucketSchema),
  employee_count: z.array(facetBucketSchema),
  technologies: z.array(facetBucketSchema),
});
export type Aggregations = z.infer<typeof aggregationsSchema>;

export const searchResponseSchema = z.object({
  items: z.array(companySummarySchema),
  total: z.number().int(),
  aggregations: aggregationsSchema,
  next_cursor: z.string().nullable(),
  keyword_phrases_collapsed: z.literal(true).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const countsResponseSchema = z.object({
  total: z.number().int(),
  saved: z.number().int(),
  total_relation: z.literal('eq'),
  saved_relation: z.literal('eq'),
  keyword_phrases_collapsed: z.literal(true).optional(),
});
export type CountsResponse = z.infer<typeof countsResponseSchema>;

export const companyDetailSchema = z.object({
  company_id: z.uuid(),
  name: z.string(),
  domain: z.string(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  description: z.string().nullable(),
  employee_count: z.number().int().nullable(),
  employee_range: z.string().nullable(),
  country: z.string().nullable(),
  technologies: z.array(z.string()),
  founded_year: z.number().int().nullable(),
  profile_url: z.string().nullable(),
  funding_stage: z.string().nullable(),
  funding_total_usd: z.number().int().nullable(),
  last_funding_date: z.string().nullable(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const jobPostingSchema = z.object({
  title: z.string(),
  seniority: z.string().optional(),
  categories: z.array(z.string()).optional(),
  location: z.string().optional(),
  first_seen_at: z.string().optional(),
  url: z.string().optional(),
});

export const JOB_POSTINGS_PAGE_MAX = 50;
export const jobPostingsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(JOB_POSTINGS_PAGE_MAX).default(10),
});

export const jobPostingsResponseSchema = z.object({
  items: z.array(jobPostingSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/**
 * The search service's operator routes (under OPERATOR_PREFIX, `Authorization: Bearer
 * <OPERATOR_SECRET>`): saved lists and the dataset, which the web app would manage. The
 * gateway's operator interface passes them through for the `radar` CLI.
 */
export const SEARCH_OPERATOR_ROUTES = {
  createList: { method: 'POST', path: '/lists' },
  addListCompanies: { method: 'POST', path: '/lists/:list_id/companies' },
  loadDataset: { method: 'POST', path: '/dataset/load' },
  datasetStatus: { method: 'GET', path: '/dataset' },
} as const;

export const SAVED_LIST_MAX_ADD = 10_000;

export const createListBodySchema = z.strictObject({
  workspace_id: z.uuid(),
  name: z.string().trim().min(1).max(200),
  company_ids: z.array(z.uuid()).max(SAVED_LIST_MAX_ADD),
});
export const createListResultSchema = z.object({ list_id: z.uuid() });

export const addListCompaniesBodySchema = z.strictObject({
  company_ids: z.array(z.uuid()).min(1).max(SAVED_LIST_MAX_ADD),
});
export const addListCompaniesResultSchema = z.object({ list_id: z.uuid(), size: z.number().int() });

export const DATASET_DEFAULT_COMPANIES = 100_000;
export const DATASET_DEFAULT_SEED = 1;

export const datasetLoadBodySchema = z.strictObject({
  companies: z.number().int().min(1).max(13_000_000).default(DATASET_DEFAULT_COMPANIES),
  seed: z.number().int().min(0).max(2_147_483_647).default(DATASET_DEFAULT_SEED),
});
export const datasetLoadResultSchema = z.object({
  companies: z.number().int(),
  followed: z.number().int(),
  job_postings: z.number().int(),
  events: z.number().int(),
});
export type DatasetLoadResult = z.infer<typeof datasetLoadResultSchema>;

export const datasetStatusSchema = z.object({ empty: z.boolean(), companies: z.number().int() });
