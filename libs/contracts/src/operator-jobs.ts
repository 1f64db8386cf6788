import { z } from 'zod';
import { pathName } from './path-fields';

/**
 * Long operator work (a dataset load, a day's monitor runs) runs as a job on the service that
 * owns the data: the start call answers 202 with the job at once, and the job's progress is
 * read from the operator interface until it ends. The owning service keeps its jobs in its own
 * database (table `operator_jobs`), so they outlive a restart of the service.
 */

/** A job id names its service: `<service>.<uuid>`, so the gateway knows whom to ask without a lookup. */
const JOB_ID = /^([a-z][a-z-]*)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const jobIdSchema = z.string().regex(JOB_ID, 'must be a job id such as search.3f0c…: the service, a dot and a UUID');

export const jobIdOf = (service: string, uuid: string): string => `${service}.${uuid}`;

/** The owning service and the row id of a well-formed job id; undefined for anything else. */
export function parseJobId(id: string): { service: string; uuid: string } | undefined {
  const match = JOB_ID.exec(id.toLowerCase());
  return match ? { service: match[1] as string, uuid: match[2] as string } : undefined;
}

/**
 * `interrupted`: the process running it stopped (a crash, a deploy) and no process took it up
 * again yet; the owning service resumes it (its work is safe to redo) once it notices.
 */
export const JOB_STATUSES = ['running', 'succeeded', 'failed', 'interrupted'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const JOB_KINDS = {
  /** `radar dataset load` on search; its result is the dataset load result. */
  datasetLoad: 'dataset.load',
  /** `radar monitors run` on monitor-scheduler; its result is `{runs}`. */
  monitorsRun: 'monitors.run',
} as const;

export const jobProgressSchema = z.object({
  /** Units done so far (companies stored, checks answered). */
  done: z.number().int().min(0),
  /** Units in all; null while not known yet. */
  total: z.number().int().min(0).nullable(),
  /** What is counted: `companies`, `checks`. */
  unit: z.string(),
  /** The step under way when a job has several (`storing`, `indexing`); null otherwise. */
  phase: z.string().nullable(),
  /** Recent units per second; null until measured. */
  rate_per_second: z.number().min(0).nullable(),
  /** Seconds left at the recent rate; null when the rate or the total is not known. */
  eta_seconds: z.number().int().min(0).nullable(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobErrorSchema = z.object({ code: z.string(), message: z.string() });

export const jobSchema = z.object({
  id: jobIdSchema,
  service: z.string(),
  kind: z.string(),
  status: jobStatusSchema,
  /** The request that started it, as the service validated it. */
  input: z.record(z.string(), z.unknown()),
  progress: jobProgressSchema,
  /** What the command prints when the job succeeded (the same document as before jobs existed). */
  result: z.unknown().nullable(),
  error: jobErrorSchema.nullable(),
  started_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobView = z.infer<typeof jobSchema>;

export const JOBS_LIST_MAX = 100;

export const jobsListQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(JOBS_LIST_MAX))
    .default(20),
});

/** Newest first; `unreachable` names the services whose jobs could not be read (the gateway's fan-out). */
export const jobsPageSchema = z.object({ items: z.array(jobSchema), unreachable: z.array(z.string()) });
export type JobsPage = z.infer<typeof jobsPageSchema>;

/**
 * Under OPERATOR_PREFIX, on every service that runs jobs (the catalogue's `operatorJobs`) and on
 * the gateway's operator interface, which lists the jobs of all of them and reads one job from
 * the service its id names.
 */
export const OPERATOR_JOB_ROUTES = {
  listJobs: { method: 'GET', path: '/jobs' },
  getJob: { method: 'GET', path: '/jobs/:job_id' },
} as const;

/** `/jobs/:job_id`: an id that names no service's job (`search.<uuid>`) is 404. */
export const jobPathSchema = z.object({ job_id: pathName('job', (id) => parseJobId(id) !== undefined) });
