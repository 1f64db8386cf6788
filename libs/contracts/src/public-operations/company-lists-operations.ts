import { type CompanySummary } from '../companies';
import {
  companyLookupRequestSchema,
  companyLookupResponseSchema,
  similarCompaniesRequestSchema,
  similarCompaniesResponseSchema,
  type CompanyLookupResponse,
  type SimilarCompaniesResponse,
} from '../company-lists';
import type { PublicOperation } from './operation';

const acme: CompanySummary = {
  company_id: '3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40',
  name: 'Northwind Logistics GmbH',
  domain: 'northwind-logistics.de',
  industry: 'Truck Transportation',
  employee_count: 200,
  country: 'Germany',
  city: 'Hamburg',
  technologies: ['React', 'PostgreSQL'],
  founded_year: 2014,
};

const lookupAnswer: CompanyLookupResponse = {
  items: [
    { ref: 'crm-1', status: 'matched', reason: null, match_type: 'domain', confidence: 1, company: acme, candidates: [] },
    {
      ref: 'crm-2',
      status: 'ambiguous',
      reason: null,
      match_type: null,
      confidence: 0,
      company: null,
      candidates: [
        { company_id: '0b7d3c61-2f4e-4a9b-8c1d-6e5f4a3b2c10', name: 'Concord Health', domain: 'concord-health-9x2.com', country: 'United States', confidence: 1 },
        { company_id: '5a1e9f2b-7c3d-4e8a-9b6f-1d2c3e4f5a60', name: 'Concord Health Ltd', domain: 'concord-health-4kd.co.uk', country: 'United Kingdom', confidence: 1 },
      ],
    },
    { ref: 'crm-3', status: 'invalid', reason: 'invalid_domain', match_type: null, confidence: 0, company: null, candidates: [] },
  ],
  matched: 1,
  not_found: 0,
  ambiguous: 1,
  invalid: 1,
};

const similarAnswer: SimilarCompaniesResponse = {
  seeds: [acme],
  items: [
    {
      ...acme,
      company_id: '7c2d1e3f-4a5b-4c6d-8e7f-9a0b1c2d3e40',
      name: 'Eastgate Freight',
      domain: 'eastgate-freight-2k1.de',
      similarity: 0.8412,
      shared: { industry: 'Truck Transportation', country: 'Germany', employee_band: true, technologies: ['React'], terms: ['freight', 'carrier'] },
    },
  ],
  limit: 20,
};

export const COMPANY_LISTS_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'lookupCompanies',
    method: 'POST',
    path: '/companies/lookup',
    tag: 'Companies',
    summary: 'Look up companies by domain or name',
    description:
      'Radar\'s record of each entry of your own list (a CRM export): up to 100 entries a call, each answered on its own as ' +
      '`matched`, `not_found`, `ambiguous` or `invalid`, so one bad entry never fails the call; the four counts add up to the ' +
      'number of entries. A `domain` (a domain, a URL or an email address) is read by the Public Suffix List: the exact host ' +
      'first, then its registrable domain; companies\' own domains before their other domains (country domains, former ' +
      'domains). An invalid or unmatched domain falls back to `name`: names are compared as word sets (accents, punctuation, ' +
      'case and legal forms removed) by their Jaccard index; the best is `matched` at 0.9 or more and 0.1 above the next, ' +
      'candidates at 0.5 or more otherwise make it `ambiguous`. `country` narrows names only. Charges no credits.',
    request: {
      body: companyLookupRequestSchema,
      examples: {
        list: {
          summary: 'Domains, an email, a name',
          value: {
            items: [
              { ref: 'crm-1', domain: 'https://www.northwind-logistics.de/about' },
              { ref: 'crm-2', name: 'Concord Health' },
              { ref: 'crm-3', domain: 'not a domain' },
            ],
          },
        },
      },
    },
    success: { status: 200, description: 'One result per entry, in the order sent, and the counts.', body: companyLookupResponseSchema, examples: { answer: { summary: 'Results', value: lookupAnswer } } },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'similarCompanies',
    method: 'POST',
    path: '/companies/similar',
    tag: 'Companies',
    summary: 'Find companies similar to seed companies',
    description:
      'The companies most like 1 to 20 seeds ("more companies like our best customers"), best first. For one seed: 0.30 for ' +
      'the same industry, 0.10 for the same NAICS sector, 0.25 × the Jaccard index of the two descriptions\' characteristic ' +
      'terms (the 25 with the highest tf-idf, stemmed as the free-text query is), 0.20 × the Jaccard index of the ' +
      'technologies, 0.10 for the same size band, 0.05 for the same country; a missing value shares nothing. `similarity` is ' +
      'the mean over the seeds (four decimals); companies at 0 and the seeds are left out; ties by `company_id`. `filters` ' +
      '(search filters without query and sort) restrict the candidates. An unknown or repeated id is 422 naming ' +
      '`company_ids.<index>`. Charges no credits.',
    request: {
      body: similarCompaniesRequestSchema,
      examples: { seeds: { summary: 'Two seeds, German companies only', value: { company_ids: [acme.company_id, '0b7d3c61-2f4e-4a9b-8c1d-6e5f4a3b2c10'], filters: { countries: ['Germany'] }, limit: 20 } } },
    },
    success: { status: 200, description: 'The seeds and the most similar companies.', body: similarCompaniesResponseSchema, examples: { answer: { summary: 'Similar companies', value: similarAnswer } } },
    errors: [],
    safeToRepeat: true,
  },
];
