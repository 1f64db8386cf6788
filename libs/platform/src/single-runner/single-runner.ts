import type { Logger } from 'pino';
import { jobLockKey } from './job-lock-key';
import { LockSession, type LockConnectionSource } from './lock-session';

export type SingleRunnerOptions = LockConnectionSource & {
  logger?: Logger;
  /**
   * How often the lock's connection is checked, and how long an answer may take (default
   * 10 s). At most 20 s: a holder cut off from the database must notice before PostgreSQL's
   * keepalive (about 50 s) frees the lock for another replica.
   */
  heartbeatMs?: number;
};

/** What `runExclusive` did: ran the work (and what it returned), or skipped it because another replica holds the job. */
export type ExclusiveRun<T> = { ran: true; result: T } | { ran: false };

export interface LeadershipOptions {
  /** How often a replica that does not hold the job tries to take it over (default 15 s). */
  retryEveryMs?: number;
}

export interface Leadership {
  /** Whether this replica holds the job now. */
  isHolding(): boolean;
  /** Stops trying, aborts the current term's signal and releases the lock. */
  stop(): Promise<void>;
}

const MAX_HEARTBEAT_MS = 20_000;

/**
 * Runs a job in one replica at a time, e.g. a node-cron schedule that every replica registers.
 *
 * The exclusion is a PostgreSQL session-level advisory lock (`pg_try_advisory_lock`) held on one
 * dedicated connection for as long as the job runs, not a "last run at" row or a lease with an
 * expiry time. A lease needs a duration guessed in advance: too short and a slow run overlaps
 * the next replica's, too long and a crashed holder blocks the job until it expires, and both
 * sides depend on their clocks agreeing. The lock instead lives exactly as long as the holder's
 * database session: it is released when the job ends, and PostgreSQL frees it by itself when
 * the holder dies (its socket closes) or vanishes (the session's TCP keepalive gives up), so
 * another replica can take over without anyone waiting out a timer. The holder's side learns of
 * a lost session at once or within two heartbeats, and aborts the work's signal.
 *
 * Needs a direct session to PostgreSQL: a pooler in transaction mode (PgBouncer) would hand the
 * session to others. With `pool`, the job occupies one of the pool's connections while it runs.
 */
export class SingleRunner {
  private readonly heartbeatMs: number;

  constructor(private readonly options: SingleRunnerOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    if (this.heartbeatMs <= 0 || this.heartbeatMs > MAX_HEARTBEAT_MS) {
      throw new Error(`heartbeatMs must be between 1 and ${MAX_HEARTBEAT_MS}`);
    }
  }

  /**
   * Runs `work` unless another replica is running the job of this name, and releases the job
   * when `work` settles (also when it throws: the error is rethrown). For a scheduled run that
   * every replica attempts at the same moment: one runs it, the others skip. `signal` aborts
   * when the lock is lost (the connection died): another replica may start the job from then on.
   */
  async runExclusive<T>(jobName: string, work: (signal: AbortSignal) => Promise<T>): Promise<ExclusiveRun<T>> {
    const key = jobLockKey(jobName);
    const session = await LockSession.open(this.options, this.heartbeatMs);
    let locked = false;
    try {
      locked = await session.tryLock(key);
      if (!locked) return { ran: false };
      const result = await work(session.signal);
      if (session.signal.aborted) this.options.logger?.warn({ job: jobName }, 'job finished after its lock was lost');
      return { ran: true, result };
    } finally {
      await session.close(locked ? key : undefined);
    }
  }

  /**
   * Leader style: holds the job for as long as this replica lives, trying every `retryEveryMs`
   * while another replica holds it. `lead` is called at the start of each term with a signal
   * that aborts when the term ends (lock lost, or `stop()`); it should start what only one
   * replica may run (e.g. its cron schedule) and stop it on abort (a promise it returns should
   * settle by then too). If `lead` fails, the lock is
   * released so that another replica can try. A run cut short by a takeover is not repeated by
   * the new holder unless the job records its progress and resumes from it.
   */
  holdWhileAlive(jobName: string, lead: (signal: AbortSignal) => void | Promise<void>, options: LeadershipOptions = {}): Leadership {
    const key = jobLockKey(jobName);
    const retryEveryMs = options.retryEveryMs ?? 15_000;
    const logger = this.options.logger?.child({ job: jobName });
    let stopped = false;
    let term: LockSession | undefined;
    let retry: NodeJS.Timeout | undefined;
    let attempt: Promise<void> = Promise.resolve();

    const scheduleAttempt = () => {
      if (stopped) return;
      retry = setTimeout(() => {
        attempt = tryToLead();
      }, retryEveryMs);
      retry.unref();
    };

    const endTerm = async (session: LockSession) => {
      if (term === session) term = undefined;
      await session.close(key);
    };

    const tryToLead = async (): Promise<void> => {
      let session: LockSession | undefined;
      try {
        session = await LockSession.open(this.options, this.heartbeatMs);
        const locked = await session.tryLock(key);
        if (!locked || stopped) {
          await session.close(locked ? key : undefined);
          return scheduleAttempt();
        }
      } catch (error) {
        logger?.warn({ err: error }, 'could not try to take the job');
        await session?.close(undefined);
        return scheduleAttempt();
      }
      const held = session;
      term = held;
      held.signal.addEventListener('abort', () => {
        if (stopped || term !== held) return;
        logger?.warn({ reason: String(held.signal.reason) }, 'job lock lost');
        void endTerm(held).then(scheduleAttempt);
      });
      logger?.info('job lock taken');
      try {
        await lead(held.signal);
      } catch (error) {
        logger?.error({ err: error }, 'job failed to start; releasing it');
        if (term === held) {
          await endTerm(held);
          scheduleAttempt();
        }
      }
    };

    attempt = tryToLead();
    return {
      isHolding: () => term !== undefined && !term.signal.aborted,
      stop: async () => {
        stopped = true;
        clearTimeout(retry);
        // The term ends first: a `lead` that is still running settles once its signal aborts.
        if (term) await endTerm(term);
        await attempt;
      },
    };
  }
}
