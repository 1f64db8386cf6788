import type { CompanyDetail } from '@radar/contracts';
import { companyDetailsById } from '../data/companies.repository';
import type { SearchDeps } from './deps';
import { toCompanyDetail } from './get-company';

/** Companies as GET /companies/{id} shows them, in the order asked; ids of no stored company are left out. */
export async function companyRows(deps: Pick<SearchDeps, 'pool'>, companyIds: readonly string[]): Promise<CompanyDetail[]> {
  const wanted = companyIds.map((id) => id.toLowerCase());
  const byId = new Map((await companyDetailsById(deps.pool, wanted)).map((company) => [company.company_id, company]));
  return wanted.flatMap((id) => {
    const company = byId.get(id);
    return company ? [toCompanyDetail(company)] : [];
  });
}
