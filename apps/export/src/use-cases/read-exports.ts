import type { ExportJob, ListExportsQuery, ListExportsResponse } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { findJobInWorkspace, listJobsInWorkspace, type ExportJobRecord } from '../data/export-jobs.repository';
import type { ExportDeps } from './deps';
import { toExportJobView } from './export-job-view';

/** The workspace's job of a path id (parsed by the route); another workspace's and no such job are 404 alike. */
export async function findExport(deps: Pick<ExportDeps, 'pool'>, workspaceId: string, exportId: string): Promise<ExportJobRecord> {
  const job = await findJobInWorkspace(deps.pool, workspaceId, exportId);
  if (!job) throw new AppError('NOT_FOUND', `No export with id ${exportId}`);
  return job;
}

/** GET /exports/{export_id}. */
export async function getExport(deps: Pick<ExportDeps, 'pool'>, workspaceId: string, exportId: string): Promise<ExportJob> {
  return toExportJobView(await findExport(deps, workspaceId, exportId));
}

/** GET /exports: newest first. */
export async function listExports(deps: Pick<ExportDeps, 'pool'>, workspaceId: string, query: ListExportsQuery): Promise<ListExportsResponse> {
  const { items, total } = await listJobsInWorkspace(deps.pool, workspaceId, query);
  return { items: items.map(toExportJobView), total, limit: query.limit, offset: query.offset };
}
