import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { inTransaction } from '@radar/platform/database';
import type { RabbitMq } from '@radar/platform/rabbitmq';
import { publishJobs } from '../clients/delivery-queues';
import { claimDueJobs, deleteJobs, nextJobDueInMs } from '../data/queue-outbox.repository';

export interface JobRelayDeps {
  pool: Pool;
  rabbit: Pick<RabbitMq, 'publish'>;
  logger: Logger;
}

/**
 * One round of the job outbox: claims up to `limit` of the oldest jobs whose time has come (rows
 * another relay holds are skipped), publishes them, and deletes those the broker confirmed, in the
 * claiming transaction. Jobs it could not publish stay for a later round; a crash before the
 * commit leaves all of them, to be published again (their handlers are idempotent).
 */
export async function relayQueuedJobs(deps: JobRelayDeps, limit: number): Promise<{ claimed: number; published: number }> {
  return inTransaction(deps.pool, async (tx) => {
    const jobs = await claimDueJobs(tx, limit);
    if (jobs.length === 0) return { claimed: 0, published: 0 };
    const { confirmed, unconfirmed } = await publishJobs(deps.rabbit, jobs);
    const [first] = unconfirmed;
    if (first) {
      deps.logger.warn({ err: first.reason, failed: unconfirmed.length, of: jobs.length, queue: first.job.queue }, 'jobs not confirmed by RabbitMQ; they stay in the outbox');
    }
    await deleteJobs(tx, confirmed);
    return { claimed: jobs.length, published: confirmed.length };
  });
}

/** How long until a job written to go out later (a paced replay) is due (ms); undefined when none waits. */
export const nextQueuedJobDueInMs = (deps: Pick<JobRelayDeps, 'pool'>): Promise<number | undefined> => nextJobDueInMs(deps.pool);
