import { Router } from 'express';
import { jobPathSchema, jobsListQuerySchema, OPERATOR_JOB_ROUTES } from '@radar/contracts';
import { parseInput, parsePath } from '@radar/platform/http';
import type { GatewayDeps } from '../use-cases/deps';
import { getOperatorJob } from '../use-cases/get-operator-job';
import { listOperatorJobs } from '../use-cases/list-operator-jobs';

/** `radar jobs`: one job, or the newest of every service that runs jobs. */
export function operatorJobsRoutes(deps: Pick<GatewayDeps, 'operatorInterface' | 'logger'>): Router {
  const router = Router();

  router.get(OPERATOR_JOB_ROUTES.getJob.path, async (req, res) => {
    const { job_id: jobId } = parsePath(jobPathSchema, req.params);
    const answer = await getOperatorJob(deps, { jobId, requestId: req.requestId });
    res.status(answer.status).json(answer.body);
  });

  router.get(OPERATOR_JOB_ROUTES.listJobs.path, async (req, res) => {
    const { limit } = parseInput(jobsListQuerySchema, req.query, 'query');
    // The request's own logger, so a service that did not answer is logged with the request id.
    res.json(await listOperatorJobs({ ...deps, logger: req.log }, { limit, requestId: req.requestId }));
  });

  return router;
}
