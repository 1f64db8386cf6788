import { dataQualityScore, generateConnections, type Company, type DatasetSeed } from '@radar/dataset';
import type { IndexedCompany } from './company-index';

/** A generated company as the store and the index hold it, with its connections. */
export function toIndexedCompany(company: Company, seed: DatasetSeed, count: number): IndexedCompany {
  return {
    id: company.company_id,
    name: company.name,
    domain: company.domain,
    otherDomains: [...company.other_domains],
    description: company.description,
    industry: company.industry,
    employeeCount: company.employee_count,
    country: company.country,
    countryCode: company.country_code,
    state: company.state,
    city: company.city,
    technologies: [...company.technologies],
    technologyCategories: [...company.technology_categories],
    naicsCode: company.naics_code,
    foundedYear: company.founded_year,
    fundingStage: company.funding_stage,
    fundingTotalUsd: company.funding_total_usd,
    lastFundingDate: company.last_funding_date,
    profileUrl: company.profile_url,
    dataQualityScore: dataQualityScore(company),
    connections: generateConnections(company, { seed, count }).map((connection) => ({
      category: connection.category,
      connectedCompanyId: connection.connected_company_id,
      connectedDomain: connection.connected_domain,
    })),
  };
}
