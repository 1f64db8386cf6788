import { z } from 'zod';
import {
  createExportBodySchema,
  createExportResponseSchema,
  downloadResponseSchema,
  exportJobSchema,
  exportPreviewSchema,
  idempotencyKeySchema,
  listExportsQuerySchema,
  listExportsResponseSchema,
  previewExportBodySchema,
  type CreateExportResponse,
  type ExportJob,
  type ExportPreview,
} from '../exports';
import type { PublicOperation } from './operation';
import { exportPathSchema } from './path-parameters';

const EXPORT_ID = '0b7e4f1c-2d3a-4e5f-8a9b-6c7d8e9f0a1b';

const filters = { countries: ['Germany'], industries: ['Software Development'] };

const preview: ExportPreview = {
  requested_count: 1342,
  already_unlocked: 220,
  new_count: 1122,
  capped_at_10k: false,
  cost: 1122,
  balance: 880,
  would_export: 880,
  would_skip: 242,
};

const created: CreateExportResponse = {
  export_job: { id: EXPORT_ID, name: 'German software companies', status: 'pending', export_format: 'csv', source_type: 'search' },
  requested_count: 1342,
  already_unlocked: 220,
  new_count: 1122,
  cost: 1122,
  credits_charged: 1122,
  capped_at_10k: false,
  transaction_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

const completedJob: ExportJob = {
  id: EXPORT_ID,
  workspace_id: '7d3e1f2a-4b5c-4d6e-9f7a-8b9c0d1e2f3a',
  name: 'German software companies',
  export_format: 'csv',
  source_type: 'search',
  status: 'completed',
  total_records: 1342,
  processed_records: 1342,
  file_size_bytes: 412_338,
  credits_charged: 1122,
  credits_refunded: 0,
  created_at: '2026-11-24T10:15:02.114Z',
  started_at: '2026-11-24T10:15:02.530Z',
  completed_at: '2026-11-24T10:15:06.902Z',
  failed_at: null,
  failure_reason: null,
};

const idempotencyHeaders = z.object({
  'Idempotency-Key': idempotencyKeySchema.optional().meta({
    description:
      '1-255 printable characters, scoped to the workspace. The same key with the same body within 24 hours answers the ' +
      'first response again (same status, same `export_job.id`) and charges nothing more; with a different body it is 422 ' +
      '`IDEMPOTENCY_KEY_REUSED`. With a key, a create is safe to retry after a 5xx.',
    example: 'crm-sync-2026-11-24',
  }),
});

const SOURCES =
  '`source_type` `search` (the default) exports the matches of `search_filters` in the order of `sort_by`/`sort_order`; ' +
  '`list` exports a saved list (`list_id`).';

export const EXPORTS_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'previewExport',
    method: 'POST',
    path: '/exports/preview',
    tag: 'Exports',
    summary: 'Preview an export\'s cost',
    description:
      `What creating the export would cost, without creating or charging anything. Takes the body of create (\`name\` is ` +
      `optional here), and also \`source_type\` \`company_ids\` with explicit \`company_ids\`. ${SOURCES} \`would_skip\` above ` +
      'zero means create would be refused with 402.',
    request: {
      body: previewExportBodySchema,
      bodyRequired: false,
      examples: {
        search: { summary: 'A search', value: { source_type: 'search', search_filters: filters, sort_by: 'name', sort_order: 'asc' } },
        ids: { summary: 'Explicit companies', value: { source_type: 'company_ids', company_ids: ['3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40'] } },
      },
    },
    success: { status: 200, description: 'The cost and what the balance covers.', body: exportPreviewSchema, examples: { preview: { summary: 'A short balance', value: preview } } },
    errors: ['no_candidates', 'NOT_FOUND'],
    safeToRepeat: true,
  },
  {
    operationId: 'createExport',
    method: 'POST',
    path: '/exports',
    tag: 'Exports',
    summary: 'Create an export',
    description:
      `Creates an export job (status \`pending\`) and charges 1 credit per company the workspace never exported before; ` +
      `companies exported before are free. ${SOURCES} At most 10,000 companies: beyond that the first 10,000 are exported ` +
      'and `capped_at_10k` is true. When the balance cannot cover the cost in full the answer is 402 ' +
      '`insufficient_balance` and nothing is charged, created or unlocked. Poll the job until it is `completed`, then ask ' +
      'for a download URL. Without an `Idempotency-Key`, retrying after a 5xx can create a second charged job: list the ' +
      'exports first.',
    request: {
      headers: idempotencyHeaders,
      body: createExportBodySchema,
      bodyRequired: true,
      examples: {
        search: {
          summary: 'A search, as CSV',
          value: { name: 'German software companies', source_type: 'search', search_filters: filters, sort_by: 'name', sort_order: 'asc', export_format: 'csv' },
        },
        list: { summary: 'A saved list, as JSON', value: { name: 'Shortlist', source_type: 'list', list_id: '6e5d4c3b-2a19-4f08-9e7d-6c5b4a392817', export_format: 'json' } },
      },
    },
    success: { status: 201, description: 'The job, created and charged.', body: createExportResponseSchema, examples: { created: { summary: 'Created', value: created } } },
    errors: ['insufficient_balance', 'no_candidates', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'],
    errorExamples: {
      insufficient_balance: {
        summary: 'The balance does not cover the cost',
        value: {
          detail: {
            code: 'insufficient_balance',
            message: 'The export costs 1122 credits and the balance is 880',
            details: { shortfall: 242, cost: 1122, balance: 880, matched_count: 1342 },
          },
        },
      },
    },
    safeToRepeat: false,
  },
  {
    operationId: 'listExports',
    method: 'GET',
    path: '/exports',
    tag: 'Exports',
    summary: 'List exports',
    description: 'The workspace\'s export jobs, newest first, by offset (`limit` 1-100, default 20), optionally of one status.',
    request: { query: listExportsQuerySchema },
    success: {
      status: 200,
      description: 'A page of jobs.',
      body: listExportsResponseSchema,
      examples: { page: { summary: 'A page', value: { items: [completedJob], total: 1, limit: 20, offset: 0 } } },
    },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'getExport',
    method: 'GET',
    path: '/exports/{export_id}',
    tag: 'Exports',
    summary: 'Get an export',
    description: 'The job and its progress. Poll every 2-5 seconds until `status` is `completed` or `failed` (a failed job is refunded in full).',
    request: { path: exportPathSchema },
    success: { status: 200, description: 'The job.', body: exportJobSchema, examples: { completed: { summary: 'A completed job', value: completedJob } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
  {
    operationId: 'createExportDownload',
    method: 'POST',
    path: '/exports/{export_id}/download',
    tag: 'Exports',
    summary: 'Get a download URL',
    description:
      'A fresh presigned HTTPS URL of the completed export\'s file, valid 15 minutes (`expires_at`); fetch it with a plain ' +
      'GET and no Authorization header. No body. Safe to repeat: each call yields a new URL. 400 `EXPORT_NOT_READY` ' +
      'until the job is completed.',
    request: { path: exportPathSchema },
    success: {
      status: 200,
      description: 'The URL.',
      body: downloadResponseSchema,
      examples: {
        url: {
          summary: 'A URL',
          value: { download_url: `https://files.example.com/radar-exports/${EXPORT_ID}.csv?X-Amz-Signature=...`, expires_at: '2026-11-24T10:31:07.000Z' },
        },
      },
    },
    errors: ['EXPORT_NOT_READY', 'NOT_FOUND'],
    safeToRepeat: true,
  },
];
