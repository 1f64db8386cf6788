import { Router } from 'express';
import { listSignalsQuerySchema, signalsExportQuerySchema, signalsSummaryQuerySchema } from '@radar/contracts';
import { parseInput } from '@radar/platform/http';
import type { SignalIngestDeps } from '../use-cases/deps';
import { exportSignals } from '../use-cases/export-signals';
import { listSignals } from '../use-cases/list-signals';
import { summarizeSignals } from '../use-cases/summarize-signals';
import { sendCsv } from './csv-response';
import { workspaceQuery } from './workspace-query';

/** GET /signals, /signals/summary and /signals/export, for the caller's workspace. */
export function signalsRoutes(deps: SignalIngestDeps): Router {
  const router = Router();
  router.get('/signals', workspaceQuery(listSignalsQuerySchema, (workspaceId, query) => listSignals(deps, workspaceId, query)));
  router.get('/signals/summary', workspaceQuery(signalsSummaryQuerySchema, (workspaceId, query) => summarizeSignals(deps, workspaceId, query)));
  router.get('/signals/export', async (req, res) => {
    const query = parseInput(signalsExportQuerySchema, req.query, 'query');
    await sendCsv(res, exportSignals(deps, req.caller.workspaceId, query));
  });
  return router;
}
