import { EMPLOYEE_BANDS, type CompanyDetail } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { companyDetailsById, type CompanyDetailRecord } from '../data/companies.repository';
import type { SearchDeps } from './deps';

export const companyNotFound = (companyId: string) => new AppError('NOT_FOUND', `No company with id ${companyId}`);

/** The stored company of a path id (parsed by the route, so an id); an id of no stored company is 404. */
export async function findCompany(deps: Pick<SearchDeps, 'pool'>, companyId: string): Promise<CompanyDetailRecord> {
  const [company] = await companyDetailsById(deps.pool, [companyId]);
  if (!company) throw companyNotFound(companyId);
  return company;
}

function employeeRange(value: number | null): string | null {
  return EMPLOYEE_BANDS.find((band) => band.value === value)?.label ?? null;
}

export function toCompanyDetail(company: CompanyDetailRecord): CompanyDetail {
  return {
    company_id: company.id,
    name: company.name,
    domain: company.domain,
    industry: company.industry,
    city: company.city,
    description: company.description,
    employee_count: company.employeeCount,
    employee_range: employeeRange(company.employeeCount),
    // The detail shows the ISO 3166-1 alpha-2 code; search results show the full name.
    country: company.countryCode,
    technologies: company.technologies,
    founded_year: company.foundedYear,
    profile_url: company.profileUrl,
    funding_stage: company.fundingStage,
    funding_total_usd: company.fundingTotalUsd,
    last_funding_date: company.lastFundingDate,
  };
}

/** GET /companies/{company_id}. */
export async function getCompany(deps: Pick<SearchDeps, 'pool'>, companyId: string): Promise<CompanyDetail> {
  return toCompanyDetail(await findCompany(deps, companyId));
}
