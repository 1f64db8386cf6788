import type { CountsRequest, CountsResponse } from '@radar/contracts';
import { normalizeFilters } from '@radar/company-index';
import { savedCompanyIds } from '../data/saved-lists.repository';
import type { SearchDeps } from './deps';

/** POST /companies/counts: the exact size of the match set and how much of it the workspace has saved or exported. */
export async function countCompanies(
  deps: Pick<SearchDeps, 'companyIndex' | 'pool'>,
  workspaceId: string,
  request: CountsRequest,
): Promise<CountsResponse> {
  const { filters, keywordPhrasesCollapsed } = normalizeFilters(request);
  const [total, saved] = await Promise.all([
    deps.companyIndex.count(filters),
    savedCompanyIds(deps.pool, workspaceId).then((ids) => deps.companyIndex.countAmong(filters, ids)),
  ]);
  return {
    total,
    saved,
    total_relation: 'eq',
    saved_relation: 'eq',
    ...(keywordPhrasesCollapsed ? { keyword_phrases_collapsed: true as const } : {}),
  };
}
