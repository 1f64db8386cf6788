import { OPERATOR_JOB_ROUTES, jobSchema, type JobView } from '@radar/contracts';
import { CliError, EXIT } from '../cli-error';
import type { OperatorClient } from '../operator-client';
import { operatorRequest } from '../operator-request';
import type { ProgressView } from '../progress/progress-view';

/** How often the job is read while radar follows it. */
const POLL_MS = 500;
/** How long the operator interface may stay unreachable (a restarting gateway or service) before radar gives up following. */
const UNREACHABLE_LIMIT_MS = 60_000;

const ENDED = new Set<JobView['status']>(['succeeded', 'failed']);

export interface FollowOptions {
  client: OperatorClient;
  view: ProgressView;
  onInterrupt(handler: () => void): () => void;
  pollMs?: number;
}

/** Where to look at a job radar no longer follows. */
export const howToFollow = (jobId: string): string => `follow it with \`radar jobs show ${jobId} --follow\`; all jobs: \`radar jobs list\``;

export const readJob = (client: OperatorClient, jobId: string): Promise<JobView> =>
  client.send(operatorRequest(OPERATOR_JOB_ROUTES.getJob, { params: { job_id: jobId }, result: jobSchema }));

/**
 * Reads the job until it succeeded or failed, showing its progress, and answers it as it ended.
 * An interrupted job is waited for (its service resumes it). Ctrl-C stops following, never the
 * job: it fails with INTERRUPTED, saying how to follow the job later.
 */
export async function followJob(first: JobView, options: FollowOptions): Promise<JobView> {
  let job = first;
  let interrupted = false;
  let wake: () => void = () => undefined;
  const stopListening = options.onInterrupt(() => {
    interrupted = true;
    wake();
  });
  let unreachableSince: number | undefined;
  try {
    for (;;) {
      options.view.update(job);
      if (ENDED.has(job.status)) return job;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs ?? POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (interrupted) {
        throw new CliError('INTERRUPTED', `Stopped following; job ${job.id} goes on on ${job.service}: ${howToFollow(job.id)}`, EXIT.interrupted);
      }
      try {
        job = await readJob(options.client, job.id);
        unreachableSince = undefined;
      } catch (error) {
        if (!(error instanceof CliError) || error.code !== 'SERVICE_UNAVAILABLE') throw error;
        unreachableSince ??= Date.now();
        if (Date.now() - unreachableSince > UNREACHABLE_LIMIT_MS) {
          throw new CliError(error.code, `${error.message}. Job ${job.id} may still be running: ${howToFollow(job.id)}`);
        }
      }
    }
  } finally {
    stopListening();
    options.view.stop();
  }
}

/** The answer of a job that ended: its result, or its failure as the error radar prints. */
export function outcomeOf(job: JobView): unknown {
  if (job.status === 'failed') throw new CliError(job.error?.code ?? 'JOB_FAILED', job.error?.message ?? `Job ${job.id} failed`);
  return job.result;
}
