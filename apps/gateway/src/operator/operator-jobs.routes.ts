import { Router } from 'express';
import { jobPathSchema, jobsListQuerySchema, jobsPageSchema, OPERATOR_JOB_ROUTES, parseJobId, SERVICE_CATALOGUE, type JobView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { parseInput, parsePath, sendError } from '@radar/platform/http';
import type { Upstream } from '../http/public-routes';
import { getFromOperatorUpstream } from './operator-upstream-call';

/** Services that run operator jobs (the catalogue's `operatorJobs`). */
const JOB_SERVICES = SERVICE_CATALOGUE.filter((service) => service.operatorJobs).map((service) => service.name);

const JOBS_TIMEOUT_MS = 10_000;

/**
 * `radar jobs`: every job lives in the database of the service that runs it, and its id names
 * that service (`search.<uuid>`). One job is read from the service its id names; the list asks
 * every service that runs jobs and merges their answers, newest first, naming those that did
 * not answer instead of failing.
 */
export function operatorJobsRoutes(upstreams: Partial<Record<Upstream, string>>, operatorSecret: string): Router {
  const router = Router();

  router.get(OPERATOR_JOB_ROUTES.getJob.path, async (req, res) => {
    const { job_id: jobId } = parsePath(jobPathSchema, req.params);
    const owner = parseJobId(jobId);
    if (!owner || !JOB_SERVICES.includes(owner.service)) throw new AppError('NOT_FOUND', `No job with id ${jobId}`);
    const base = upstreams[owner.service];
    if (!base) {
      sendError(res, 'SERVICE_UNAVAILABLE', `The ${owner.service} service is not configured here`);
      return;
    }
    let answer: { status: number; body: unknown };
    try {
      answer = await getFromOperatorUpstream({ base, operatorSecret, requestId: req.requestId, timeoutMs: JOBS_TIMEOUT_MS }, `/jobs/${encodeURIComponent(jobId)}`);
    } catch (error) {
      req.log.warn({ err: error, upstream: owner.service }, 'reading a job failed');
      sendError(res, 'SERVICE_UNAVAILABLE', `The ${owner.service} service is unavailable`, { request_id: req.requestId });
      return;
    }
    res.status(answer.status).json(answer.body);
  });

  router.get(OPERATOR_JOB_ROUTES.listJobs.path, async (req, res) => {
    const { limit } = parseInput(jobsListQuerySchema, req.query, 'query');
    const pages = await Promise.all(
      JOB_SERVICES.map(async (service) => {
        const base = upstreams[service];
        if (!base) return { service, items: undefined };
        try {
          const answer = await getFromOperatorUpstream({ base, operatorSecret, requestId: req.requestId, timeoutMs: JOBS_TIMEOUT_MS }, `/jobs?limit=${limit}`);
          const page = jobsPageSchema.safeParse(answer.body);
          return { service, items: answer.status === 200 && page.success ? page.data.items : undefined };
        } catch (error) {
          req.log.warn({ err: error, upstream: service }, 'listing jobs failed');
          return { service, items: undefined };
        }
      }),
    );
    const items: JobView[] = pages
      .flatMap((page) => page.items ?? [])
      .sort((a, b) => b.started_at.localeCompare(a.started_at))
      .slice(0, limit);
    res.json({ items, unreachable: pages.filter((page) => page.items === undefined).map((page) => page.service) });
  });

  return router;
}
