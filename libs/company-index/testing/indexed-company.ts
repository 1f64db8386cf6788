import type { IndexedCompany } from '../src/company-index';

/** A fully filled company; tests override what they are about. */
export function anIndexedCompany(overrides: Partial<IndexedCompany> = {}): IndexedCompany {
  return {
    id: '0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d',
    name: 'Northwind Analytics',
    domain: 'northwind-analytics-4k2.io',
    otherDomains: ['northwind-analytics-4k2.de'],
    description: 'A growing provider of cloud analytics software, based in Berlin, Germany.',
    industry: 'Software Development',
    employeeCount: 200,
    country: 'Germany',
    countryCode: 'DE',
    state: 'Berlin',
    city: 'Berlin',
    technologies: ['React', 'PostgreSQL'],
    technologyCategories: ['Frontend', 'Databases'],
    naicsCode: '513210',
    foundedYear: 2014,
    fundingStage: 'series_b',
    fundingTotalUsd: 42_000_000,
    lastFundingDate: '2023-06-14',
    profileUrl: 'https://www.linkedin.com/company/northwind-analytics-4k2',
    dataQualityScore: 12,
    connections: [
      { category: 'investor', connectedCompanyId: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6', connectedDomain: 'alpine-ventures-9x1.com' },
    ],
    ...overrides,
  };
}

/** The same company with every optional field missing. */
export function aSparseIndexedCompany(overrides: Partial<IndexedCompany> = {}): IndexedCompany {
  return anIndexedCompany({
    description: null,
    industry: null,
    employeeCount: null,
    country: null,
    countryCode: null,
    state: null,
    city: null,
    technologies: [],
    technologyCategories: [],
    naicsCode: null,
    foundedYear: null,
    fundingStage: null,
    fundingTotalUsd: null,
    lastFundingDate: null,
    profileUrl: null,
    dataQualityScore: 2,
    otherDomains: [],
    connections: [],
    ...overrides,
  });
}
