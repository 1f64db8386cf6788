import { EXPORT_MAX_COMPANIES, type ExportCandidates, type ExportSource, type PreviewExportBody } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { ExportDeps } from './deps';

type SourceFields = Pick<PreviewExportBody, 'search_filters' | 'sort_by' | 'sort_order' | 'list_id' | 'company_ids'> & {
  source_type: PreviewExportBody['source_type'];
};

const missing = (field: string, source: string) => new AppError('VALIDATION_ERROR', `body field "${field}": is required when source_type is "${source}"`);

/** What search is asked for: the body's source, with the top-level sort applied to a search's filters. */
export function exportSourceOf(body: SourceFields): ExportSource {
  const sort = {
    ...(body.sort_by === undefined ? {} : { sort_by: body.sort_by }),
    ...(body.sort_order === undefined ? {} : { sort_order: body.sort_order }),
  };
  switch (body.source_type) {
    case 'search':
      return { type: 'search', filters: { ...body.search_filters, ...sort } };
    case 'list':
      if (body.list_id === undefined) throw missing('list_id', 'list');
      return { type: 'list', listId: body.list_id, ...sort };
    case 'company_ids':
      if (body.company_ids === undefined) throw missing('company_ids', 'company_ids');
      return { type: 'ids', companyIds: body.company_ids };
  }
}

/** The companies an export of the body would hold (in order, at most 10,000); none is 400 no_candidates. */
export async function findCandidates(deps: Pick<ExportDeps, 'search'>, workspaceId: string, body: SourceFields): Promise<ExportCandidates> {
  const candidates = await deps.search.candidates(workspaceId, exportSourceOf(body), EXPORT_MAX_COMPANIES);
  if (candidates.companyIds.length === 0) throw new AppError('no_candidates', 'No companies match this export');
  return candidates;
}
