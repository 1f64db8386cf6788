import { Router } from 'express';
import {
  createExportBodySchema,
  emptyBodySchema,
  exportPathSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  listExportsQuerySchema,
  previewExportBodySchema,
} from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { parseInput, parsePath } from '@radar/platform/http';
import { createExport } from '../use-cases/create-export';
import type { ExportDeps } from '../use-cases/deps';
import { downloadExport } from '../use-cases/download-export';
import { previewExport } from '../use-cases/preview-export';
import { getExport, listExports } from '../use-cases/read-exports';

/** The Idempotency-Key header when sent (1-255 printable characters); anything else is 422 naming it. */
function idempotencyKeyOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', `header "Idempotency-Key": ${parsed.error.issues[0]?.message ?? 'invalid'}`, {
      errors: [{ field: 'Idempotency-Key', message: parsed.error.issues[0]?.message ?? 'invalid' }],
    });
  }
  return parsed.data;
}

/** The public export endpoints (the gateway forwards /api/v1/exports/** here with a signed caller). */
export function exportsRoutes(deps: ExportDeps): Router {
  const router = Router();
  router.post('/exports/preview', async (req, res) => {
    const body = parseInput(previewExportBodySchema, req.body ?? {}, 'body');
    res.json(await previewExport(deps, req.caller.workspaceId, body));
  });
  router.post('/exports', async (req, res) => {
    // The gateway checks scopes first; checked again here because charging is at stake.
    if (req.caller.scope !== 'read_write') throw new AppError('INSUFFICIENT_SCOPE', 'Creating an export needs a read_write token');
    const idempotencyKey = idempotencyKeyOf(req.header(IDEMPOTENCY_KEY_HEADER));
    const body = parseInput(createExportBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await createExport(deps, { workspaceId: req.caller.workspaceId, body, idempotencyKey }));
  });
  router.get('/exports', async (req, res) => {
    // Unknown query parameters are ignored.
    const query = parseInput(listExportsQuerySchema, req.query, 'query');
    res.json(await listExports(deps, req.caller.workspaceId, query));
  });
  router.get('/exports/:export_id', async (req, res) => {
    const { export_id: exportId } = parsePath(exportPathSchema, req.params);
    res.json(await getExport(deps, req.caller.workspaceId, exportId));
  });
  router.post('/exports/:export_id/download', async (req, res) => {
    const { export_id: exportId } = parsePath(exportPathSchema, req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'body');
    res.json(await downloadExport(deps, req.caller.workspaceId, exportId));
  });
  return router;
}
