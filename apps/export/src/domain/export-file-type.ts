import type { ExportFormat } from '@radar/contracts';

const FILE_TYPES: Record<ExportFormat, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
};

/** The file extension and media type of an export format. */
export const exportFileType = (format: ExportFormat) => FILE_TYPES[format];
