import { Router } from 'express';
import { leadsSummaryQuerySchema, listLeadsQuerySchema } from '@radar/contracts';
import type { SignalIngestDeps } from '../use-cases/deps';
import { listLeads } from '../use-cases/list-leads';
import { summarizeLeads } from '../use-cases/summarize-leads';
import { workspaceQuery } from './workspace-query';

/** GET /leads and /leads/summary; the feed is shared, `watched` and `hide_watched` are the caller's workspace's. */
export function leadsRoutes(deps: SignalIngestDeps): Router {
  const router = Router();
  router.get('/leads', workspaceQuery(listLeadsQuerySchema, (workspaceId, query) => listLeads(deps, workspaceId, query)));
  router.get('/leads/summary', workspaceQuery(leadsSummaryQuerySchema, (workspaceId, query) => summarizeLeads(deps, workspaceId, query)));
  return router;
}
