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
    company_id: company.company_id,
    name: company.name,
    domain: company.domain,
    industry: company.industry,
    city: company.city,
    description: company.description,
    employee_count: company.employee_count,
    employee_range: employeeRange(company.employee_count),
    // The detail shows the ISO 3166-1 alpha-2 code; search results show the full name.
    country: company.country,
    technologies: company.technologies,
    founded_year: company.founded_year,
    profile_url: company.profile_url,
    funding_stage: company.funding_stage,
    funding_total_usd: company.funding_total_usd,
    last_funding_date: company.last_funding_date,
  };
}

/** GET /companies/{company_id}. */
export async function getCompany(deps: Pick<SearchDeps, 'pool'>, companyId: string): Promise<CompanyDetail> {
  return toCompanyDetail(await findCompany(deps, companyId));
}
