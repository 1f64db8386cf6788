import { Router } from 'express';
import { jobPathSchema, jobsListQuerySchema, jobsPageSchema, OPERATOR_JOB_ROUTES, OPERATOR_PREFIX, parseJobId, SERVICE_CATALOGUE, type JobView } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { parseInput, parsePath } from '@radar/platform/http';
import { sendUpstreamUnavailable, type UpstreamClient } from '../clients/upstream';
import type { Upstream } from '../http/public-routes';

/** Services that run operator jobs (the catalogue's `operatorJobs`). */
const JOB_SERVICES = SERVICE_CATALOGUE.filter((service) => service.operatorJobs).map((service) => service.name);

const JOBS_TIMEOUT_MS = 10_000;

/** GET `path` (under OPERATOR_PREFIX) of a service with the operator secret: its status and parsed JSON body (undefined when not JSON). */
async function getOperatorJson(upstream: UpstreamClient, service: Upstream, path: string, operatorSecret: string, requestId: string): Promise<{ status: number; body: unknown }> {
  const answer = await upstream.call(service, {
    method: 'GET',
    path: `${OPERATOR_PREFIX}${path}`,
    headers: { authorization: `Bearer ${operatorSecret}`, accept: 'application/json', 'x-request-id': requestId },
    timeoutMs: JOBS_TIMEOUT_MS,
  });
  try {
    return { status: answer.status, body: JSON.parse(answer.body.toString('utf8')) as unknown };
  } catch {
    return { status: answer.status, body: undefined };
  }
}

/**
 * `radar jobs`: every job lives in the database of the service that runs it, and its id names
 * that service (`search.<uuid>`). One job is read from the service its id names; the list asks
 * every service that runs jobs and merges their answers, newest first, naming those that did
 * not answer instead of failing.
 */
export function operatorJobsRoutes(upstream: UpstreamClient, operatorSecret: string): Router {
  const router = Router();

  router.get(OPERATOR_JOB_ROUTES.getJob.path, async (req, res) => {
    const { job_id: jobId } = parsePath(jobPathSchema, req.params);
    const owner = parseJobId(jobId);
    if (!owner || !JOB_SERVICES.includes(owner.service)) throw new AppError('NOT_FOUND', `No job with id ${jobId}`);
    if (!upstream.isConfigured(owner.service)) {
      sendUpstreamUnavailable(req, res, owner.service);
      return;
    }
    let answer: { status: number; body: unknown };
    try {
      answer = await getOperatorJson(upstream, owner.service, `/jobs/${encodeURIComponent(jobId)}`, operatorSecret, req.requestId);
    } catch (error) {
      sendUpstreamUnavailable(req, res, owner.service, error);
      return;
    }
    res.status(answer.status).json(answer.body);
  });

  router.get(OPERATOR_JOB_ROUTES.listJobs.path, async (req, res) => {
    const { limit } = parseInput(jobsListQuerySchema, req.query, 'query');
    const pages = await Promise.all(
      JOB_SERVICES.map(async (service) => {
        if (!upstream.isConfigured(service)) return { service, items: undefined };
        try {
          const answer = await getOperatorJson(upstream, service, `/jobs?limit=${limit}`, operatorSecret, req.requestId);
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
