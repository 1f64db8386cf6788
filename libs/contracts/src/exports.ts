import { z } from 'zod';
import { companyFiltersSchema, SORT_FIELDS, SORT_ORDERS } from './companies';
import { queryInteger, textField } from './request-fields';

/** interface.md: a single export holds at most this many companies (beyond it, truncated). */
export const EXPORT_MAX_COMPANIES = 10_000;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Sources an export can be created from; preview also takes explicit `company_ids`. */
export const EXPORT_SOURCE_TYPES = ['search', 'list'] as const;
export const PREVIEW_SOURCE_TYPES = ['search', 'list', 'company_ids'] as const;
export type ExportSourceType = (typeof EXPORT_SOURCE_TYPES)[number];
export type PreviewSourceType = (typeof PREVIEW_SOURCE_TYPES)[number];

/** decisions.md: the CSV columns, in order. New columns are only ever appended. */
export const EXPORT_CSV_COLUMNS = [
  'company_id',
  'name',
  'domain',
  'industry',
  'employee_count',
  'employee_range',
  'country',
  'city',
  'description',
  'technologies',
  'founded_year',
  'profile_url',
  'funding_stage',
  'funding_total_usd',
  'last_funding_date',
] as const;

/** decisions.md: `download_url` lives 15 minutes. */
export const EXPORT_DOWNLOAD_TTL_SECONDS = 15 * 60;

/** decisions.md: `Idempotency-Key` of POST /exports, 1-255 printable characters, kept 24 hours. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]([\x20-\x7e]{0,253}[\x21-\x7e])?$/, 'must be 1-255 printable ASCII characters');

/** Fields POST /exports and POST /exports/preview share ("use the same body as for create"). */
const exportBodyShape = {
  name: textField().trim().min(1).max(200),
  search_filters: companyFiltersSchema.optional(),
  sort_by: z.enum(SORT_FIELDS).optional(),
  sort_order: z.enum(SORT_ORDERS).optional(),
  list_id: z.uuid().optional(),
  export_format: z.enum(EXPORT_FORMATS).default('csv'),
};

interface SourceFields {
  source_type: PreviewSourceType;
  search_filters?: unknown;
  list_id?: string;
  company_ids?: string[];
  sort_by?: string;
  sort_order?: string;
}

/**
 * What each source needs and refuses: a list needs `list_id`, explicit ids need `company_ids`,
 * and a field of another source is refused rather than silently ignored. Sort given both at the
 * top level and inside `search_filters` must agree.
 */
function checkSourceFields(body: SourceFields, ctx: z.RefinementCtx): void {
  const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  const only = (field: keyof SourceFields, source: PreviewSourceType) => {
    if (body[field] !== undefined && body.source_type !== source) refuse(field, `applies only to source_type "${source}"`);
  };
  only('search_filters', 'search');
  only('list_id', 'list');
  only('company_ids', 'company_ids');
  if (body.source_type === 'list' && body.list_id === undefined) refuse('list_id', 'is required when source_type is "list"');
  if (body.source_type === 'company_ids' && body.company_ids === undefined) {
    refuse('company_ids', 'is required when source_type is "company_ids"');
  }
  const filters = (body.search_filters ?? {}) as { sort_by?: string; sort_order?: string };
  for (const field of ['sort_by', 'sort_order'] as const) {
    if (body[field] !== undefined && filters[field] !== undefined && body[field] !== filters[field]) {
      ctx.addIssue({ code: 'custom', path: ['search_filters', field], message: `differs from the top-level ${field}` });
    }
  }
}

export const createExportBodySchema = z
  .strictObject({ ...exportBodyShape, source_type: z.enum(EXPORT_SOURCE_TYPES).default('search') })
  .superRefine(checkSourceFields);
export type CreateExportBody = z.infer<typeof createExportBodySchema>;

export const previewExportBodySchema = z
  .strictObject({
    ...exportBodyShape,
    name: exportBodyShape.name.optional(),
    source_type: z.enum(PREVIEW_SOURCE_TYPES).default('search'),
    company_ids: z.array(z.uuid()).min(1).max(EXPORT_MAX_COMPANIES).optional(),
  })
  .superRefine(checkSourceFields);
export type PreviewExportBody = z.infer<typeof previewExportBodySchema>;

export const exportPreviewSchema = z.object({
  requested_count: z.number().int(),
  already_unlocked: z.number().int(),
  new_count: z.number().int(),
  capped_at_10k: z.boolean(),
  cost: z.number().int(),
  balance: z.number().int(),
  would_export: z.number().int(),
  would_skip: z.number().int(),
}).meta({
  id: 'ExportPreview',
  description: 'What an export would cost. `cost` equals `new_count`; `would_skip` above zero means create would be refused (402).',
});
export type ExportPreview = z.infer<typeof exportPreviewSchema>;

export const exportJobSchema = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  name: z.string(),
  export_format: z.enum(EXPORT_FORMATS),
  source_type: z.enum(EXPORT_SOURCE_TYPES),
  status: z.enum(EXPORT_STATUSES).meta({ description: '`pending` when created, `processing`, then `completed` or `failed`.' }),
  total_records: z.number().int().meta({ description: 'Companies in the export (at most 10,000).' }),
  processed_records: z.number().int().meta({ description: 'Rows written so far.' }),
  file_size_bytes: z.number().int().nullable().meta({ description: 'Size of the file; null until completed.' }),
  credits_charged: z.number().int(),
  credits_refunded: z.number().int().meta({ description: 'Credits given back when the job failed (all it was charged).' }),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  failure_reason: z.string().nullable().meta({ description: 'Why a failed job failed.' }),
}).meta({
  id: 'ExportJob',
  description: 'An export job. `pending` when created, then `processing`, then `completed` or `failed` (refunded in full).',
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const createExportResponseSchema = z.object({
  export_job: exportJobSchema.pick({ id: true, name: true, status: true, export_format: true, source_type: true }),
  requested_count: z.number().int(),
  already_unlocked: z.number().int(),
  new_count: z.number().int(),
  cost: z.number().int(),
  credits_charged: z.number().int(),
  capped_at_10k: z.boolean(),
  transaction_id: z.uuid().nullable(),
}).meta({ id: 'CreatedExport', description: 'A created and charged export job.' });
export type CreateExportResponse = z.infer<typeof createExportResponseSchema>;

export const EXPORT_LIST_LIMIT_MAX = 100;
export const EXPORT_LIST_LIMIT_DEFAULT = 20;

export const listExportsQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: EXPORT_LIST_LIMIT_MAX }).default(EXPORT_LIST_LIMIT_DEFAULT),
  offset: queryInteger({ min: 0 }).default(0),
  status: z.enum(EXPORT_STATUSES).optional(),
});
export type ListExportsQuery = z.infer<typeof listExportsQuerySchema>;

export const listExportsResponseSchema = z.object({
  items: z.array(exportJobSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ListExportsResponse = z.infer<typeof listExportsResponseSchema>;

export const downloadResponseSchema = z.object({ download_url: z.string(), expires_at: z.string() }).meta({
  id: 'ExportDownload',
  description: 'A presigned URL of the file, fetched with a plain GET and no Authorization header.',
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;

/**
 * Export events. Subjects are part of stream configuration and durable consumer names: do not
 * rename without a migration plan. Unlocks travel as `companies.unlocked` / `companies.locked`.
 */
export const EXPORT_EVENTS = {
  /** A job was created and charged; the worker builds its file. */
  'export.requested': z.object({ exportId: z.uuid(), workspaceId: z.uuid() }),
  'export.completed': z.object({
    exportId: z.uuid(),
    workspaceId: z.uuid(),
    totalRecords: z.number().int(),
    fileSizeBytes: z.number().int(),
  }),
  /** The job could not finish; its charge was refunded and its unlocks undone. */
  'export.failed': z.object({ exportId: z.uuid(), workspaceId: z.uuid(), reason: z.string(), creditsRefunded: z.number().int() }),
} as const;
