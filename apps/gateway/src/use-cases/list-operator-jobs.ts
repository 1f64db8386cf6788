import { jobsPageSchema, type JobView, type Upstream } from '@radar/contracts';
import { JOB_SERVICES } from '../domain/job-owner';
import type { GatewayDeps } from './deps';
import { JOBS_TIMEOUT_MS } from './get-operator-job';

/**
 * `radar jobs`: asks every service that runs jobs and merges their answers, newest first,
 * naming those that did not answer instead of failing.
 */
export async function listOperatorJobs(
  deps: Pick<GatewayDeps, 'operatorInterface' | 'logger'>,
  input: { limit: number; requestId: string },
): Promise<{ items: JobView[]; unreachable: Upstream[] }> {
  const pages = await Promise.all(
    JOB_SERVICES.map(async (service) => {
      if (!deps.operatorInterface.isConfigured(service)) return { service, items: undefined };
      try {
        const answer = await deps.operatorInterface.getJson(service, `/jobs?limit=${input.limit}`, input.requestId, JOBS_TIMEOUT_MS);
        const page = jobsPageSchema.safeParse(answer.body);
        return { service, items: answer.status === 200 && page.success ? page.data.items : undefined };
      } catch (error) {
        deps.logger.warn({ err: error, upstream: service }, 'listing jobs failed');
        return { service, items: undefined };
      }
    }),
  );
  const items = pages
    .flatMap((page) => page.items ?? [])
    .sort((a, b) => b.started_at.localeCompare(a.started_at))
    .slice(0, input.limit);
  return { items, unreachable: pages.filter((page) => page.items === undefined).map((page) => page.service) };
}
