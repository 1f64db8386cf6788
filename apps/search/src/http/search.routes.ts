import { Router } from 'express';
import { requireCaller } from '@radar/platform/internal-auth';
import type { SearchDeps } from '../use-cases/deps';
import { companiesRoutes } from './companies.routes';
import { operatorRoutes, type OperatorDeps } from './operator.routes';

/** The search service's routes: /companies/** for callers the gateway signed, /operator/v1/** for the gateway's operator interface. */
export function searchRoutes(deps: SearchDeps & OperatorDeps, internalSigningSecret: string): Router[] {
  const api = Router();
  api.use('/companies', requireCaller(internalSigningSecret));
  api.use(companiesRoutes(deps));
  return [operatorRoutes(deps), api];
}
