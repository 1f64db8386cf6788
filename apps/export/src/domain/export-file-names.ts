import type { ExportFormat } from '@radar/contracts';
import { exportFileType } from './export-file-type';

/** Each attempt writes its own object, so an attempt that lost its job can never overwrite the file of the one that has it. */
export const exportObjectKey = (job: { workspaceId: string; id: string; exportFormat: ExportFormat }, attempt: number): string =>
  `exports/${job.workspaceId}/${job.id}/attempt-${attempt}.${exportFileType(job.exportFormat).extension}`;

/** The file name offered to the browser: the export's name, reduced to characters every system accepts. */
export function downloadFileName(name: string, format: ExportFormat): string {
  const base = name.replace(/[^A-Za-z0-9._ -]+/g, '_').replace(/\s+/g, ' ').trim().slice(0, 100) || 'export';
  return `${base}.${exportFileType(format).extension}`;
}
