import { Router } from 'express';
import { requireCaller } from '@radar/platform/internal-auth';
import type { ExportDeps } from '../use-cases/deps';
import { exportsRoutes } from './exports.routes';

/** The export service's routes: /exports/** for callers the gateway signed. */
export function exportRoutes(deps: ExportDeps, internalSigningSecret: string): Router {
  const api = Router();
  api.use('/exports', requireCaller(internalSigningSecret));
  api.use(exportsRoutes(deps));
  return api;
}
