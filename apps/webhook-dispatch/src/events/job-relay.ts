import type { Logger } from 'pino';
import type { QueueMessage, QueueName } from '@radar/contracts';
import type { RabbitMq } from '@radar/platform/rabbitmq';
import { withCarriedTrace } from '@radar/platform/telemetry';
import type { OutboxJob, QueueOutboxRepository } from '../data/queue-outbox.repository';

export interface JobRelaySettings {
  /** Jobs claimed and published (concurrently, each confirmed by the broker) per round. */
  batchSize: number;
  /** The fallback for jobs written by another replica or before a restart; a write in this process wakes it at once. */
  pollIntervalMs: number;
}

const DEFAULT_SETTINGS: JobRelaySettings = { batchSize: 500, pollIntervalMs: 500 };
const MAX_FAILURE_PAUSE_MS = 5_000;

/**
 * Moves jobs from the outbox table to RabbitMQ: the explicit step between "decided in the
 * database" and "queued". A job leaves the table only in the transaction that saw the broker
 * confirm it, so a crash (or a broker outage) in between delays a job and never loses it; at
 * worst it is queued twice, which its handler recognises. Each job is published in the trace it
 * was queued in, so its delivery continues the trace of the signal or run that caused it.
 */
export class JobRelay {
  private readonly settings: JobRelaySettings;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;

  constructor(
    private readonly deps: { jobs: QueueOutboxRepository; rabbit: Pick<RabbitMq, 'publish'>; logger: Logger },
    settings: Partial<JobRelaySettings> = {},
  ) {
    this.settings = { ...DEFAULT_SETTINGS, ...settings };
  }

  start(): void {
    this.stopping = false;
    this.loop ??= this.run();
  }

  /** Jobs were just committed: relay them now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /** Finishes the round in progress, then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      this.woken = false;
      let round: { claimed: number; published: number };
      try {
        round = await this.deps.jobs.relay(this.settings.batchSize, (jobs) => this.publish(jobs));
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'job relay round failed; retrying');
        round = { claimed: 1, published: 0 };
      }
      if (round.published < round.claimed) {
        failures += 1;
        await this.sleep(Math.min(MAX_FAILURE_PAUSE_MS, 100 * 2 ** failures), false);
        continue;
      }
      failures = 0;
      if (round.claimed < this.settings.batchSize) await this.sleep(await this.untilNextDue(), true);
    }
  }

  /** The poll interval, or less when a job written to go out later (a paced replay) is due sooner. */
  private async untilNextDue(): Promise<number> {
    try {
      const dueInMs = await this.deps.jobs.nextDueInMs();
      return dueInMs === undefined ? this.settings.pollIntervalMs : Math.min(this.settings.pollIntervalMs, dueInMs);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'could not read when the next job is due; polling');
      return this.settings.pollIntervalMs;
    }
  }

  /** Publishes the batch at once (confirms arrive together); answers the ids the broker confirmed. */
  private async publish(jobs: OutboxJob[]): Promise<string[]> {
    const results = await Promise.allSettled(
      jobs.map((job) => withCarriedTrace(job.traceContext, () => this.deps.rabbit.publish(job.queue, job.message as QueueMessage<QueueName>))),
    );
    const failed = results.flatMap((result, index) => (result.status === 'rejected' ? [{ job: jobs[index]!, reason: result.reason as unknown }] : []));
    if (failed.length > 0) {
      this.deps.logger.warn({ err: failed[0]!.reason, failed: failed.length, of: jobs.length, queue: failed[0]!.job.queue }, 'jobs not confirmed by RabbitMQ; they stay in the outbox');
    }
    return jobs.filter((_job, index) => results[index]!.status === 'fulfilled').map((job) => job.id);
  }

  private async sleep(ms: number, wakeOnWrite: boolean): Promise<void> {
    if (wakeOnWrite && this.woken) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeSleeper = () => {
        if (!wakeOnWrite && !this.stopping) return;
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeSleeper = undefined;
  }
}
