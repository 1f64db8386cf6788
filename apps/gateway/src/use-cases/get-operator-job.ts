import { AppError } from '@radar/platform/errors';
import { jobOwner } from '../domain/job-owner';
import type { GatewayDeps } from './deps';

/** How long a service may take to answer for its jobs. */
export const JOBS_TIMEOUT_MS = 10_000;

/**
 * One job, from the service its id names (`search.<uuid>`): every job lives in the database of
 * the service that runs it. That service's answer, status and body, is the answer.
 */
export async function getOperatorJob(
  deps: Pick<GatewayDeps, 'operatorInterface'>,
  input: { jobId: string; requestId: string },
): Promise<{ status: number; body: unknown }> {
  const owner = jobOwner(input.jobId);
  if (!owner) throw new AppError('NOT_FOUND', `No job with id ${input.jobId}`);
  return deps.operatorInterface.getJson(owner, `/jobs/${encodeURIComponent(input.jobId)}`, input.requestId, JOBS_TIMEOUT_MS);
}
