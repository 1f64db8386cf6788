import { Router } from 'express';
import { requireCaller } from '@radar/platform/internal-auth';
import type { SignalIngestDeps } from '../use-cases/deps';
import { leadsRoutes } from './leads.routes';
import { signalsRoutes } from './signals.routes';

/** signal-ingest's public routes, for callers the gateway signed. */
export function signalIngestRoutes(deps: SignalIngestDeps, internalSigningSecret: string): Router {
  const api = Router();
  api.use(requireCaller(internalSigningSecret));
  api.use(signalsRoutes(deps), leadsRoutes(deps));
  return api;
}
