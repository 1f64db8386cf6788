import { Router } from 'express';
import { leadsSummaryQuerySchema, listLeadsQuerySchema } from '@radar/contracts';
import { parseInput } from '@radar/platform/http';
import type { SignalIngestDeps } from '../use-cases/deps';
import { listLeads } from '../use-cases/list-leads';
import { summarizeLeads } from '../use-cases/summarize-leads';

/** GET /leads and /leads/summary; the feed is shared, `watched` and `hide_watched` are the caller's workspace's. */
export function leadsRoutes(deps: SignalIngestDeps): Router {
  const router = Router();
  router.get('/leads', async (req, res) => {
    const query = parseInput(listLeadsQuerySchema, req.query, 'query');
    res.json(await listLeads(deps, req.caller.workspaceId, query));
  });
  router.get('/leads/summary', async (req, res) => {
    const query = parseInput(leadsSummaryQuerySchema, req.query, 'query');
    res.json(await summarizeLeads(deps, req.caller.workspaceId, query));
  });
  return router;
}
