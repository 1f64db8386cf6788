import { Router } from 'express';
import { followListBodySchema, JOB_KINDS, MONITOR_OPERATOR_ROUTES, OPERATOR_PREFIX, runMonitorsBodySchema } from '@radar/contracts';
import { parseInput } from '@radar/platform/http';
import { requireOperatorSecret } from '@radar/platform/internal-auth';
import { answerWithJob, operatorJobRoutes, type OperatorJobs } from '@radar/platform/jobs';
import type { MonitorSchedulerDeps } from '../use-cases/deps';
import { followList } from '../use-cases/follow-list';
import { prepareMonitorRuns } from '../use-cases/runs/run-monitors-now';

/** What the web app and the operator do: list-following monitors and runs on demand (a job). Internal only, for the `radar` CLI. */
export function operatorRoutes(deps: MonitorSchedulerDeps, operatorSecret: string, jobs: Pick<OperatorJobs, 'start' | 'run' | 'find' | 'list'>): Router {
  const router = Router();
  router.use(requireOperatorSecret(operatorSecret));
  router.post(MONITOR_OPERATOR_ROUTES.followList.path, async (req, res) => {
    const body = parseInput(followListBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await followList(deps, body));
  });
  router.post(MONITOR_OPERATOR_ROUTES.runMonitors.path, async (req, res) => {
    const body = parseInput(runMonitorsBodySchema, req.body ?? {}, 'body');
    await answerWithJob(req, res, jobs, JOB_KINDS.monitorsRun, { ...(await prepareMonitorRuns(deps, body)) });
  });
  router.use(operatorJobRoutes(jobs));
  const mounted = Router();
  mounted.use(OPERATOR_PREFIX, router);
  return mounted;
}
