import {
  companyDetailSchema,
  countsRequestSchema,
  countsResponseSchema,
  jobPostingsQuerySchema,
  jobPostingsResponseSchema,
  searchRequestSchema,
  searchResponseSchema,
  type CompanyDetail,
  type CompanySummary,
} from '../companies';
import type { PublicOperation } from './operation';
import { companyPathSchema } from './path-parameters';

const summary: CompanySummary = {
  company_id: '3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40',
  name: 'Northwind Logistics',
  domain: 'northwind-logistics.de',
  industry: 'Software Development',
  employee_count: 200,
  country: 'Germany',
  city: 'Hamburg',
  technologies: ['React', 'PostgreSQL'],
  founded_year: 2014,
};

const detail: CompanyDetail = {
  ...summary,
  description: 'Route planning and freight visibility software for mid-sized carriers.',
  employee_range: '51-200',
  country: 'DE',
  profile_url: 'https://www.linkedin.com/company/northwind-logistics',
  funding_stage: 'series_b',
  funding_total_usd: 42_000_000,
  last_funding_date: '2025-09-12',
};

const searchBody = {
  query: 'freight visibility',
  countries: ['Germany', 'Austria'],
  employee_bands: [50, 200],
  naics_sectors: ['48-49', '54'],
  sort_by: 'relevance',
  limit: 20,
};

const SORT_RULES =
  '`relevance` with a query orders by text-match score (name boosted, then description, industry, domain); without a query ' +
  'by data quality (filled fields out of twelve), ties in stable id order. `quality` always orders by data quality. For ' +
  '`employee_count`, `founded_year` and `name` (case-insensitive), records missing the field sort last in both directions.';

export const COMPANIES_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'searchCompanies',
    method: 'POST',
    path: '/companies/search',
    tag: 'Companies',
    summary: 'Search companies',
    description:
      'Filters and a free-text query over the company index, a page at a time. Every body field is optional; an empty body ' +
      'lists every company. `total` saturates at 10,000 (use counts for the exact number). Page on with `cursor` set to the ' +
      'previous page\'s `next_cursor` and the same sort; `next_cursor` is null on the last page. Cursors are signed: one not ' +
      'issued by the service is 422 `INVALID_CURSOR`, one replayed under another sort is 422 `CURSOR_SORT_MISMATCH`. Changing ' +
      `filters mid-scan is not detected and may skip or repeat rows.\n\n${SORT_RULES}`,
    request: {
      body: searchRequestSchema,
      bodyRequired: false,
      examples: {
        filtered: { summary: 'A query with filters', value: searchBody },
        nextPage: { summary: 'The next page', value: { ...searchBody, cursor: 'eyJzIjoicmVsZXZhbmNlOmRlc2M6cXVlcnkifQ.c2lnbmF0dXJl' } },
      },
    },
    success: {
      status: 200,
      description: 'A page of matches, the facet counts over the whole match set, and the cursor of the next page.',
      body: searchResponseSchema,
      examples: {
        page: {
          summary: 'A page with more to come',
          value: {
            items: [summary],
            total: 1342,
            aggregations: {
              industries: [{ value: 'Software Development', count: 811 }],
              countries: [{ value: 'Germany', count: 1007 }],
              employee_count: [{ value: 200, count: 523 }],
              technologies: [{ value: 'React', count: 402 }],
            },
            next_cursor: 'eyJzIjoicmVsZXZhbmNlOmRlc2M6cXVlcnkifQ.c2lnbmF0dXJl',
          },
        },
      },
    },
    errors: ['INVALID_CURSOR', 'CURSOR_SORT_MISMATCH'],
    errorExamples: {
      CURSOR_SORT_MISMATCH: {
        summary: 'A cursor replayed under another sort',
        value: {
          detail: {
            code: 'CURSOR_SORT_MISMATCH',
            message: 'The cursor belongs to another sort; repeat the request with the sort that produced it or without a cursor',
            details: { cursor_sort: 'name:asc:noquery', request_sort: 'relevance:desc:query' },
          },
        },
      },
    },
    safeToRepeat: true,
  },
  {
    operationId: 'countCompanies',
    method: 'POST',
    path: '/companies/counts',
    tag: 'Companies',
    summary: 'Count companies',
    description:
      'The exact number of matches of the search filters (uncapped), and how many of them the workspace saved to a list or ' +
      'exported before. Same body as search without `cursor` and `limit` (both are unknown fields here). Charges no credits.',
    request: {
      body: countsRequestSchema,
      bodyRequired: false,
      examples: { filtered: { summary: 'Filters only', value: { countries: ['Germany'], industries: ['Software Development'] } } },
    },
    success: {
      status: 200,
      description: 'Exact counts.',
      body: countsResponseSchema,
      examples: { counts: { summary: 'Counts', value: { total: 18_244, saved: 37, total_relation: 'eq', saved_relation: 'eq' } } },
    },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'getCompany',
    method: 'GET',
    path: '/companies/{company_id}',
    tag: 'Companies',
    summary: 'Get a company',
    description: 'The company\'s full record. Here `country` is the ISO 3166-1 alpha-2 code (search shows the English name).',
    request: { path: companyPathSchema },
    success: { status: 200, description: 'The company.', body: companyDetailSchema, examples: { company: { summary: 'A company', value: detail } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
  {
    operationId: 'listCompanyJobPostings',
    method: 'GET',
    path: '/companies/{company_id}/job-postings',
    tag: 'Companies',
    summary: 'List a company\'s job postings',
    description:
      'The company\'s open job postings, newest first, by page (`page` 1-based, `page_size` up to 50). A company without ' +
      'postings answers an empty list. There is no cursor here; `cursor` is ignored.',
    request: { path: companyPathSchema, query: jobPostingsQuerySchema },
    success: {
      status: 200,
      description: 'A page of postings.',
      body: jobPostingsResponseSchema,
      examples: {
        page: {
          summary: 'A page',
          value: {
            items: [
              {
                title: 'Senior Backend Engineer',
                seniority: 'mid_senior',
                categories: ['engineering'],
                location: 'Hamburg, Germany',
                first_seen_at: '2026-11-02',
                url: 'https://careers.northwind-logistics.de/jobs/1234',
              },
            ],
            total: 1,
            page: 1,
            page_size: 10,
          },
        },
      },
    },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
];
