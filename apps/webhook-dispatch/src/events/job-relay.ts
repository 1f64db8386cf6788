import { backOffDelayMs, type BackOff } from '@radar/platform/retry';
import { nextQueuedJobDueInMs, relayQueuedJobs, type JobRelayDeps } from '../use-cases/relay-queued-jobs';

export interface JobRelaySettings {
  /** Jobs claimed and published (concurrently, each confirmed by the broker) per round. */
  batchSize: number;
  /** The fallback for jobs written by another replica or before a restart; a write in this process wakes it at once. */
  pollIntervalMs: number;
}

const DEFAULT_SETTINGS: JobRelaySettings = { batchSize: 500, pollIntervalMs: 500 };
/** The pause after a round that left jobs behind (the broker or the database failing), jittered so replicas do not retry together. */
const FAILURE_BACK_OFF: BackOff = { baseMs: 200, maxMs: 5_000 };

/**
 * Moves jobs from the outbox table to RabbitMQ: the explicit step between "decided in the
 * database" and "queued". A job leaves the table only in the transaction that saw the broker
 * confirm it, so a crash (or a broker outage) in between delays a job and never loses it; at
 * worst it is queued twice, which its handler recognises.
 */
export class JobRelay {
  private readonly settings: JobRelaySettings;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;

  constructor(
    private readonly deps: JobRelayDeps,
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
        round = await relayQueuedJobs(this.deps, this.settings.batchSize);
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'job relay round failed; retrying');
        round = { claimed: 1, published: 0 };
      }
      if (round.published < round.claimed) {
        failures += 1;
        await this.sleep(backOffDelayMs(failures, FAILURE_BACK_OFF), false);
        continue;
      }
      failures = 0;
      if (round.claimed < this.settings.batchSize) await this.sleep(await this.untilNextDue(), true);
    }
  }

  /** The poll interval, or less when a job written to go out later (a paced replay) is due sooner. */
  private async untilNextDue(): Promise<number> {
    try {
      const dueInMs = await nextQueuedJobDueInMs(this.deps);
      return dueInMs === undefined ? this.settings.pollIntervalMs : Math.min(this.settings.pollIntervalMs, dueInMs);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'could not read when the next job is due; polling');
      return this.settings.pollIntervalMs;
    }
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
