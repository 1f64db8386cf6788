import { Router, type Express } from 'express';
import type { Logger } from 'pino';
import { createServiceApp } from '@radar/platform/http';
import { requireCaller } from '@radar/platform/internal-auth';
import { creditsRoutes } from './http/credits.routes';
import type { LedgerDeps } from './use-cases/deps';

export interface LedgerAppDeps extends LedgerDeps {
  logger: Logger;
  internalSigningSecret: string;
  readiness?: Record<string, () => Promise<unknown>>;
}

export function createApp(deps: LedgerAppDeps): Express {
  const api = Router();
  api.use(requireCaller(deps.internalSigningSecret));
  api.use(creditsRoutes(deps));
  return createServiceApp({ logger: deps.logger, readiness: deps.readiness, routes: api });
}
