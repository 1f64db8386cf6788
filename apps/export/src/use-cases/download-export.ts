import { EXPORT_DOWNLOAD_TTL_SECONDS, type DownloadResponse } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { downloadFileName } from '../domain/export-file-names';
import { exportFileType } from '../domain/export-file-type';
import type { ExportDeps } from './deps';
import { findExport } from './read-exports';

/**
 * POST /exports/{export_id}/download: a fresh presigned GET URL on every call, valid 15 minutes
 * from the call. Only a completed export has a file (400 EXPORT_NOT_READY before).
 */
export async function downloadExport(deps: Pick<ExportDeps, 'pool' | 'storage' | 'now'>, workspaceId: string, exportId: string): Promise<DownloadResponse> {
  const job = await findExport(deps, workspaceId, exportId);
  if (job.status !== 'completed' || job.objectKey === null) {
    throw new AppError('EXPORT_NOT_READY', `Export ${job.id} is ${job.status}; a download is available only once it is completed`, {
      status: job.status,
    });
  }
  const format = job.exportFormat;
  // Whole seconds: the signature's X-Amz-Date has no finer grain, and `expires_at` must be the URL's real end.
  const signedAt = new Date(Math.floor(deps.now().getTime() / 1000) * 1000);
  const url = await deps.storage.presignedDownload(job.objectKey, {
    fileName: downloadFileName(job.name, format),
    contentType: exportFileType(format).contentType,
    ttlSeconds: EXPORT_DOWNLOAD_TTL_SECONDS,
    signedAt,
  });
  return { download_url: url, expires_at: new Date(signedAt.getTime() + EXPORT_DOWNLOAD_TTL_SECONDS * 1000).toISOString() };
}
