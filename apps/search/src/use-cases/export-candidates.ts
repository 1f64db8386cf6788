import type { ExportCandidates, ExportSource } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { normalizeFilters, sortSpecOf } from '@radar/company-index';
import { savedListCompanyIds } from '../data/saved-lists.repository';
import type { SearchDeps } from './deps';
import { requireKnownCompanies } from './saved-lists';

export interface ExportCandidatesInput {
  workspaceId: string;
  source: ExportSource;
  max: number;
}

/** Up to `max` ids and whether more matched: one more is asked for, and only told about. */
function capped(ids: string[], max: number): ExportCandidates {
  return { companyIds: ids.slice(0, max), capped: ids.length > max };
}

/**
 * The companies of an export's source, in the order the search would list them: a search's
 * matches in its sort, a saved list's companies in the requested sort, or explicit ids as given.
 * The same query path as POST /companies/search, so an export's rows come in the search's order.
 */
export async function exportCandidates(
  deps: Pick<SearchDeps, 'companyIndex' | 'pool'>,
  input: ExportCandidatesInput,
): Promise<ExportCandidates> {
  const { source, max } = input;
  switch (source.type) {
    case 'search': {
      const { filters } = normalizeFilters(source.filters);
      const sort = sortSpecOf(source.filters, filters.query !== undefined);
      return capped(await deps.companyIndex.matchingIds(filters, sort, max + 1), max);
    }
    case 'list': {
      const listed = await savedListCompanyIds(deps.pool, input.workspaceId, source.listId);
      // Another workspace's list is as unknown as a list that does not exist.
      if (listed === undefined) throw new AppError('NOT_FOUND', `No saved list with id ${source.listId}`);
      return capped(await deps.companyIndex.matchingIds({}, sortSpecOf(source, false), max + 1, listed), max);
    }
    case 'ids': {
      const ids = [...new Set(source.companyIds.map((id) => id.toLowerCase()))];
      await requireKnownCompanies(deps, ids);
      return capped(ids, max);
    }
  }
}
