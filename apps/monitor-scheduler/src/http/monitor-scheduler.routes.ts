import { Router } from 'express';
import { requireCaller } from '@radar/platform/internal-auth';
import type { OperatorJobs } from '@radar/platform/jobs';
import type { MonitorSchedulerDeps } from '../use-cases/deps';
import { monitorsRoutes } from './monitors.routes';
import { operatorRoutes } from './operator.routes';

/** /monitors/** for callers the gateway signed; /operator/v1/** for the gateway's operator interface. */
export function monitorSchedulerRoutes(
  deps: MonitorSchedulerDeps,
  secrets: { internalSigning: string; operator: string },
  jobs: Pick<OperatorJobs, 'start' | 'run' | 'find' | 'list'>,
): Router[] {
  const api = Router();
  api.use('/monitors', requireCaller(secrets.internalSigning));
  api.use(monitorsRoutes(deps));
  return [operatorRoutes(deps, secrets.operator, jobs), api];
}
