import { parseJobId, SERVICE_CATALOGUE, type Upstream } from '@radar/contracts';

/** Services that run operator jobs (the catalogue's `operatorJobs`). */
export const JOB_SERVICES: readonly Upstream[] = SERVICE_CATALOGUE.filter((service) => service.operatorJobs).map((service) => service.name);

/** The service a job id names (`search.<uuid>`), when that service runs jobs. */
export function jobOwner(jobId: string): Upstream | undefined {
  const owner = parseJobId(jobId);
  return owner && JOB_SERVICES.includes(owner.service) ? owner.service : undefined;
}
