import { Router } from 'express';
import type { LedgerDeps } from '../use-cases/deps';
import { getCredits } from '../use-cases/get-credits';

export function creditsRoutes(deps: LedgerDeps): Router {
  const router = Router();
  router.get('/credits', async (req, res) => {
    res.json(await getCredits(deps, req.caller.workspaceId));
  });
  return router;
}
