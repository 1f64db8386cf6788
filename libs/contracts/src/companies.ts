import { z } from 'zod';
import { pathId } from './path-fields';
import { parseLookupDomain } from './domain-rules';
import { queryInteger, textField } from './request-fields';

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
export const MAX_DOMAIN_FILTERS = 1_000;

const text = textField().min(1).max(200);
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
  query: textField().max(500).optional().meta({
    description:
      'Free text over name and description (words, phrases in quotes, `-word` to exclude, `or`).',
  }),
  countries: textList.optional().meta({
    description:
      'Full English country names, exact and case-sensitive (`Germany`); codes and other cases match nothing.',
  }),
  states: textList.optional().meta({ description: 'Full state or region names, same convention as countries.' }),
  cities: textList.optional().meta({ description: 'City names; not country-scoped by themselves, so also set countries.' }),
  industries: textList.optional().meta({ description: 'Industry labels to include.' }),
  exclude_industries: textList.optional().meta({
    description:
      'Industry labels to exclude (companies without an industry are kept); coexists with industries.',
  }),
  naics_codes: z
    .array(textField().regex(/^\d{6}$/, 'must be a 6-digit NAICS code'))
    .max(100)
    .optional()
    .meta({ description: 'Specific 6-digit NAICS codes; a union with naics_sectors.' }),
  naics_sectors: z
    .array(textField())
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
    .optional()
    .meta({
      description:
        'Whole NAICS 2022 sectors by code prefix: single-prefix sectors by their 2-digit code (`21`), multi-prefix ones only in their hyphenated form (`31-33`, `44-45`, `48-49`; a bare `31` is 422).',
      example: ['48-49', '54'],
    }),
  domains: z
    .array(textField().max(2_000).refine((value) => parseLookupDomain(value) !== undefined, 'is not a domain'))
    .min(1)
    .max(MAX_DOMAIN_FILTERS)
    .optional()
    .meta({
      description:
        'Companies whose own or other domain (a country domain, a former domain) equals one of these: domains, URLs or email ' +
        'addresses, each read as its exact host or its registrable domain under the Public Suffix List (`jobs.acme.co.uk` is ' +
        '`acme.co.uk`). 1 to 1,000 entries, de-duplicated after normalising; `[]` and an entry that is not a domain are 422.',
      example: ['acme.com', 'https://www.northwind.de/about', 'ana@globex.io'],
    }),
  technologies: textList.optional().meta({ description: 'Detected technologies, any of them.' }),
  technology_categories: textList.optional().meta({ description: 'Technology categories, any of them.' }),
  employee_count_min: z.number().int().min(0).optional().meta({
    description:
      'Inclusive lower bound over the stored band values; ANDed with employee_count_max into one range. A range holding none of the nine values matches nothing.',
  }),
  employee_count_max: z.number().int().min(0).optional().meta({ description: 'Inclusive upper bound over the stored band values.' }),
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
    .optional()
    .meta({
      description: 'A set of the nine stored band values (1, 10, 50, 200, 500, 1000, 5000, 10000, 10001): the way to select sizes that are not adjacent.',
      example: [50, 200],
    }),
  founded_year_min: z.number().int().min(1000).max(3000).optional().meta({ description: 'Founded in or after this year.' }),
  founded_year_max: z.number().int().min(1000).max(3000).optional().meta({ description: 'Founded in or before this year.' }),
  keywords: textList.optional().meta({ description: 'Phrases matched in name and description; any of them (OR).' }),
  exclude_keywords: textList.optional().meta({ description: 'A company matching any of these phrases is removed.' }),
  connections: z.array(connectionFilterSchema).max(MAX_CONNECTION_FILTERS).optional().meta({
    description:
      'At most 10. The fields of one entry must match the same connection; entries are ANDed.',
  }),
  sort_by: z.enum(SORT_FIELDS).optional().meta({
    description:
      '`relevance` (default), `quality`, `employee_count`, `founded_year` or `name`.',
  }),
  sort_order: z.enum(SORT_ORDERS).optional().meta({ description: '`asc` or `desc` (default).' }),
};

export const companyFiltersSchema = z.strictObject(companyFiltersShape).meta({ id: 'CompanyFilters', description: 'The filters of a company search.' });
export type CompanyFilters = z.infer<typeof companyFiltersSchema>;

export const searchRequestSchema = z.strictObject({
  ...companyFiltersShape,
  limit: z.number().int().min(1).max(SEARCH_PAGE_MAX).optional().meta({ description: 'Page size: default 20, at most 100.' }),
  cursor: textField()
    .min(1)
    .max(2_000)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page, sent with the same sort. Opaque and signed.' }),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const countsRequestSchema = companyFiltersSchema;
export type CountsRequest = CompanyFilters;

export const companySummarySchema = z.object({
  company_id: z.uuid().meta({ description: 'Stable id, the path parameter of the company endpoints. A UUID, not a domain.' }),
  name: z.string(),
  domain: z.string(),
  industry: z.string().nullable().meta({ description: 'Industry label.' }),
  employee_count: z.number().int().nullable().meta({
    description:
      'A size band marker, not a headcount: 1, 10, 50, 200, 500, 1000, 5000, 10000 or 10001.',
  }),
  country: z.string().nullable().meta({ description: 'The English country name (`Germany`).' }),
  city: z.string().nullable(),
  technologies: z.array(z.string()),
  founded_year: z.number().int().nullable(),
}).meta({ id: 'CompanySummary', description: 'A company as search lists it.' });
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const facetBucketSchema = z
  .object({ value: z.union([z.string(), z.number()]), count: z.number().int() })
  .meta({ id: 'FacetBucket', description: 'A facet value and how many matches have it.' });
export const aggregationsSchema = z.object({
  industries: z.array(facetBucketSchema),
  countries: z.array(facetBucketSchema),
  employee_count: z.array(facetBucketSchema),
  technologies: z.array(facetBucketSchema),
}).meta({
  id: 'Aggregations',
  description:
    'Facet counts over the whole match set (not the page): at most 20 values each, count descending. `employee_count` values are the stored band markers.',
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
  employee_count: z.number().int().nullable().meta({ description: 'A size band marker, not a headcount (see employee_range).' }),
  employee_range: z.string().nullable().meta({
    description:
      'The band\'s label: 1, 2-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001-10000 or 10001+.',
  }),
  country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code (`DE`); search shows the English name.' }),
  technologies: z.array(z.string()),
  founded_year: z.number().int().nullable(),
  profile_url: z.string().nullable().meta({ description: 'The company\'s profile on a professional network.' }),
  funding_stage: z.string().nullable().meta({ description: 'Lowercase token such as `series_b`.' }),
  funding_total_usd: z.number().int().nullable().meta({ description: 'US dollars.' }),
  last_funding_date: z.string().nullable().meta({ description: 'YYYY-MM-DD.' }),
}).meta({ id: 'Company', description: 'A company\'s full record.' });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const jobPostingSchema = z.object({
  title: z.string(),
  seniority: z.string().optional(),
  categories: z.array(z.string()).optional(),
  location: z.string().optional(),
  first_seen_at: z.string().optional().meta({ description: 'YYYY-MM-DD.' }),
  url: z.string().optional(),
}).meta({ id: 'JobPosting', description: 'An open job posting; only `title` is always present.' });

export const JOB_POSTINGS_PAGE_MAX = 50;
export const jobPostingsQuerySchema = z.object({
  page: queryInteger({ min: 1 }).default(1),
  page_size: queryInteger({ min: 1, max: JOB_POSTINGS_PAGE_MAX }).default(10),
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

export const listPathSchema = z.object({ list_id: pathId('saved list') });

export const SAVED_LIST_MAX_ADD = 10_000;

export const createListBodySchema = z.strictObject({
  workspace_id: z.uuid(),
  name: textField().trim().min(1).max(200),
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
