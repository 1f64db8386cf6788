import { Router, type Express } from 'express';
import type { Logger } from 'pino';
import { createServiceApp } from '@radar/platform/http';
import { requireCaller } from '@radar/platform/internal-auth';
import { companiesRoutes } from './http/companies.routes';
import { operatorRoutes, type OperatorDeps } from './http/operator.routes';
import type { SearchDeps } from './use-cases/deps';

export interface SearchAppDeps extends SearchDeps, OperatorDeps {
  logger: Logger;
  internalSigningSecret: string;
  readiness?: Record<string, () => Promise<unknown>>;
}

/**
 * The search service: /companies/** for callers the gateway signed, /operator/v1/** for the
 * gateway's operator interface.
 */
export function createApp(deps: SearchAppDeps): Express {
  const api = Router();
  api.use('/companies', requireCaller(deps.internalSigningSecret));
  api.use(companiesRoutes(deps));
  return createServiceApp({ logger: deps.logger, readiness: deps.readiness, routes: [operatorRoutes(deps), api] });
}
