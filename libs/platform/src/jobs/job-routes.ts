import { Router, type Request, type Response } from 'express';
import { jobPathSchema, jobsListQuerySchema, OPERATOR_JOB_ROUTES, OPERATOR_PREFIX } from '@radar/contracts';
import { parseInput, parsePath } from '../http';
import type { OperatorJobs } from './operator-jobs';

/**
 * GET /jobs and /jobs/:job_id of a service that runs jobs, for its operator router (which
 * checks the operator secret and mounts it under OPERATOR_PREFIX).
 */
export function operatorJobRoutes(jobs: Pick<OperatorJobs, 'find' | 'list'>): Router {
  const router = Router();
  router.get(OPERATOR_JOB_ROUTES.listJobs.path, async (req, res) => {
    const { limit } = parseInput(jobsListQuerySchema, req.query, 'query');
    res.json({ items: await jobs.list(limit), unreachable: [] });
  });
  router.get(OPERATOR_JOB_ROUTES.getJob.path, async (req, res) => {
    res.json(await jobs.find(parsePath(jobPathSchema, req.params).job_id));
  });
  return router;
}

/** RFC 7240: the caller asks to be answered at once, with something to follow, instead of waiting. */
const wantsAsync = (req: Request): boolean => /(^|[\s,])respond-async(\s*(;|,|$))/i.test(req.get('prefer') ?? '');

/**
 * Answers an operator call that starts long work: with `Prefer: respond-async` (`radar`), 202
 * and the job at once; otherwise (scripts, tests) the job's result when it ends, or its error.
 */
export async function answerWithJob(req: Request, res: Response, jobs: Pick<OperatorJobs, 'start' | 'run'>, kind: string, input: Record<string, unknown>): Promise<void> {
  if (!wantsAsync(req)) {
    res.json(await jobs.run(kind, input));
    return;
  }
  const job = await jobs.start(kind, input);
  res
    .status(202)
    .set('Preference-Applied', 'respond-async')
    .location(`${OPERATOR_PREFIX}${OPERATOR_JOB_ROUTES.getJob.path.replace(':job_id', encodeURIComponent(job.id))}`)
    .json(job);
}
