import { Router } from 'express';
import { requireCaller } from '@radar/platform/internal-auth';
import type { LedgerDeps } from '../use-cases/deps';
import { creditsRoutes } from './credits.routes';

/** The ledger's routes: /credits for callers the gateway signed. */
export function ledgerRoutes(deps: LedgerDeps, internalSigningSecret: string): Router {
  const api = Router();
  api.use(requireCaller(internalSigningSecret));
  api.use(creditsRoutes(deps));
  return api;
}
