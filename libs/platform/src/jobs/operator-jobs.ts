import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { jobIdOf, parseJobId, type JobView } from '@radar/contracts';
import type { Queryable } from '../database';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../logger';
import { JobStore, type JobRecord } from './job-store';
import { ProgressReporter } from './progress-reporter';
import { secondsLeft } from './progress-rate';

/** What a job's work is handed: where to report progress, and when to give up. */
export interface JobContext {
  /** The job's id as operators see it (`search.<uuid>`). */
  jobId: string;
  /**
   * How far the work is. Cheap to call as often as work advances: the latest value is written
   * once a second. `total` and `phase` keep their last value when left out.
   */
  progress(done: number, details?: { total?: number; phase?: string }): void;
  /** Aborted when the service stops or another process took the job over. */
  signal: AbortSignal;
}

/**
 * One kind of job. Its work must be safe to run again from the start with the same input (it
 * resumes: a process that takes over an interrupted job runs it again), which is what the
 * dataset load and the monitor runs already are.
 */
export interface JobKind<Input, Result> {
  /** What progress counts: `companies`, `checks`. */
  unit: string;
  /** The input as stored; checked again when a job is taken over. */
  input: z.ZodType<Input>;
  run(input: Input, context: JobContext): Promise<Result>;
}

/** A job kind with its input check folded into its work, so kinds of different inputs sit in one table. */
export interface RegisteredJobKind {
  unit: string;
  run(storedInput: unknown, context: JobContext): Promise<unknown>;
}

export const jobKind = <Input, Result>(kind: JobKind<Input, Result>): RegisteredJobKind => ({
  unit: kind.unit,
  run: (storedInput, context) => kind.run(kind.input.parse(storedInput), context),
});

export interface OperatorJobsSettings {
  /** A running job whose heartbeat is older than this is interrupted, and taken over by the next sweep. */
  staleAfterMs: number;
  /** How often interrupted jobs are looked for. */
  sweepIntervalMs: number;
  /** How often progress is written while it changes; the heartbeat goes with it. */
  writeIntervalMs: number;
}

export const DEFAULT_OPERATOR_JOBS_SETTINGS: OperatorJobsSettings = { staleAfterMs: 30_000, sweepIntervalMs: 10_000, writeIntervalMs: 1_000 };

export interface OperatorJobsOptions {
  /** The catalogue name of the service: the first part of every job id. */
  service: string;
  db: Queryable;
  logger: Logger;
  /** Each kind by name (`dataset.load`), built with `jobKind`. */
  kinds: Record<string, RegisteredJobKind>;
  now?: () => Date;
  settings?: Partial<OperatorJobsSettings>;
}

/** How a job's work ended in this process: its result, its error, or handed to another process. */
type JobOutcome = { ended: 'succeeded'; result: unknown } | { ended: 'failed'; error: unknown } | { ended: 'handed-over' };

interface RunningJob {
  controller: AbortController;
  reporter: ProgressReporter;
  outcome: Promise<JobOutcome>;
}

/**
 * Runs long operator work in the background of a service and keeps each job's progress, result
 * or failure in the service's `operator_jobs` table. A job whose process died shows as
 * `interrupted` until a process of the service (the restarted one, or another replica) takes it
 * over and runs it again; a graceful stop hands its jobs over at once.
 */
export class OperatorJobs {
  private readonly store: JobStore;
  private readonly settings: OperatorJobsSettings;
  private readonly now: () => Date;
  /** This process, as the `runner` of the jobs it holds. */
  private readonly runner = randomUUID();
  private readonly running = new Map<string, RunningJob>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: OperatorJobsOptions) {
    this.store = new JobStore(options.db);
    this.settings = { ...DEFAULT_OPERATOR_JOBS_SETTINGS, ...options.settings };
    this.now = options.now ?? (() => new Date());
  }

  /** Records the job and starts its work in the background; answers the job as it starts. */
  async start(kind: string, input: Record<string, unknown>): Promise<JobView> {
    return this.view(await this.launchNew(kind, input));
  }

  /**
   * Runs a job and waits for its end, for callers that want the answer in the same call (the
   * operator routes without `Prefer: respond-async`): the result, or the work's own error. The
   * job is recorded and listed like any other.
   */
  async run(kind: string, input: Record<string, unknown>): Promise<unknown> {
    const record = await this.launchNew(kind, input);
    const outcome = await this.running.get(record.id)?.outcome;
    if (outcome?.ended === 'succeeded') return outcome.result;
    if (outcome?.ended === 'failed') throw outcome.error;
    const jobId = jobIdOf(this.options.service, record.id);
    throw new AppError('SERVICE_UNAVAILABLE', `${this.options.service} stopped before job ${jobId} ended; it resumes it: follow it with radar jobs show ${jobId}`);
  }

  /** NOT_FOUND for an id that is not one of this service's jobs. */
  async find(jobId: string): Promise<JobView> {
    const parsed = parseJobId(jobId);
    const record = parsed && parsed.service === this.options.service ? await this.store.find(parsed.uuid) : undefined;
    if (!record) throw new AppError('NOT_FOUND', `No job with id ${jobId} on ${this.options.service}`);
    return this.view(record);
  }

  /** Newest first. */
  async list(limit: number): Promise<JobView[]> {
    return (await this.store.list(limit)).map((record) => this.view(record));
  }

  /** Takes over interrupted jobs now and every sweep interval. */
  begin(): void {
    if (this.sweepTimer || this.stopped) return;
    const sweep = () => {
      this.sweeping = this.sweep().catch((error: unknown) => this.options.logger.warn({ err: error }, 'looking for interrupted jobs failed'));
    };
    sweep();
    this.sweepTimer = setInterval(sweep, this.settings.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  /**
   * Stops sweeping and hands this process's running jobs over: their heartbeat is cleared, so
   * the next process of the service resumes them at its first sweep. Their work is told to stop.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    await this.sweeping;
    for (const [id, job] of this.running) {
      job.reporter.halt();
      job.controller.abort(new Error('the service is stopping'));
      await this.store.heartbeat(id, this.runner, new Date(0)).catch(() => undefined);
    }
  }

  /** Resolves when every job this process runs has ended (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.running.values()].map((job) => job.outcome));
  }

  private async sweep(): Promise<void> {
    if (this.stopped) return;
    const now = this.now();
    const staleBefore = new Date(now.getTime() - this.settings.staleAfterMs);
    const taken = await this.store.takeOverStale(Object.keys(this.options.kinds), this.runner, staleBefore, now);
    for (const record of taken) {
      this.options.logger.info({ job: jobIdOf(this.options.service, record.id), kind: record.kind, done: record.done }, 'resuming an interrupted job');
      this.launch(record, this.kindOf(record.kind));
    }
  }

  private async launchNew(kind: string, input: Record<string, unknown>): Promise<JobRecord> {
    const definition = this.kindOf(kind);
    if (this.stopped) throw new AppError('SERVICE_UNAVAILABLE', `${this.options.service} is stopping; start the job again in a moment`);
    const record = await this.store.create({ id: randomUUID(), kind, input, unit: definition.unit, runner: this.runner, now: this.now() });
    this.launch(record, definition);
    return record;
  }

  private kindOf(kind: string): RegisteredJobKind {
    const definition = this.options.kinds[kind];
    if (!definition) throw new Error(`${this.options.service} has no job kind ${kind}`);
    return definition;
  }

  private launch(record: JobRecord, definition: RegisteredJobKind): void {
    const controller = new AbortController();
    const reporter = new ProgressReporter(record, this.settings.writeIntervalMs, async (update) => {
      const held = await this.store.progress(record.id, this.runner, update, this.now());
      if (!held) controller.abort(new Error('another process took the job over'));
    });
    const outcome = this.execute(record, definition, controller, reporter).finally(() => this.running.delete(record.id));
    this.running.set(record.id, { controller, reporter, outcome });
  }

  private async execute(record: JobRecord, definition: RegisteredJobKind, controller: AbortController, reporter: ProgressReporter): Promise<JobOutcome> {
    const jobId = jobIdOf(this.options.service, record.id);
    const logger = this.options.logger.child({ job: jobId, kind: record.kind });
    try {
      const result = await definition.run(record.input, { jobId, progress: (done, details) => reporter.report(done, details), signal: controller.signal });
      await reporter.close();
      await this.store.succeed(record.id, this.runner, result ?? null, reporter.done, this.now());
      logger.info({ result }, 'job succeeded');
      return { ended: 'succeeded', result };
    } catch (error) {
      await reporter.close();
      if (controller.signal.aborted) {
        logger.info({ reason: String(controller.signal.reason) }, 'job left to another process');
        return { ended: 'handed-over' };
      }
      const failure = isAppError(error)
        ? { code: error.code, message: error.message }
        : { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) };
      logger.error({ err: error }, 'job failed');
      await this.store.fail(record.id, this.runner, failure, this.now()).catch((writeError: unknown) => logger.error({ err: writeError }, 'recording the failure failed'));
      return { ended: 'failed', error };
    }
  }

  private view(record: JobRecord): JobView {
    const stale = record.status === 'running' && this.now().getTime() - record.heartbeatAt.getTime() > this.settings.staleAfterMs;
    return {
      id: jobIdOf(this.options.service, record.id),
      service: this.options.service,
      kind: record.kind,
      status: stale ? 'interrupted' : record.status,
      input: record.input,
      progress: {
        done: record.done,
        total: record.total,
        unit: record.unit,
        phase: record.phase,
        rate_per_second: stale ? null : record.ratePerSecond,
        eta_seconds: stale || record.status !== 'running' ? null : secondsLeft(record.done, record.total, record.ratePerSecond),
      },
      result: record.result ?? null,
      error: record.error,
      started_at: record.startedAt.toISOString(),
      updated_at: record.updatedAt.toISOString(),
      finished_at: record.finishedAt?.toISOString() ?? null,
    };
  }
}
