import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { Batcher } from '@radar/platform/batch';
import { findAnsweredChecks, type CheckRecord } from '../data/checks.repository';
import { recordCheckAnswers, type CheckAnswer, type RecordingOutcome } from './record-check-answers';
import { isTransientFailure } from './transient-failure';

export interface CheckRecorderSettings {
  /** Checks recorded in one transaction at most. */
  maxBatch: number;
  /** How long the first check of a batch waits for others to join it. */
  windowMs: number;
  /** Transactions recording batches at once. */
  concurrency: number;
}

/**
 * Large enough that a replica's concurrent checks share a transaction, small enough that one
 * transaction stays short; the window costs each check a few milliseconds and saves most of the
 * round trips and commits a check would make alone (docs/performance.md, "A day's monitor run").
 */
export const DEFAULT_CHECK_RECORDER_SETTINGS: CheckRecorderSettings = { maxBatch: 100, windowMs: 10, concurrency: 2 };

type Deps = { pool: Pool; logger: Logger; now: () => Date };

/**
 * Looks up and records the checks a replica works on at once in shared statements and
 * transactions (recordCheckAnswers): every check's caller waits until its batch commits, so its
 * message is acknowledged only once its outcome is durable. A batch that fails is recorded check
 * by check, so one check's data holds back no other, and a check that cannot be recorded at all
 * is recorded as failed (`error_other`, `INTERNAL_ERROR`).
 */
export class CheckRecorder {
  private readonly lookups: Batcher<string, CheckRecord | null>;
  private readonly recordings: Batcher<CheckAnswer, RecordingOutcome>;

  constructor(
    private readonly deps: Deps,
    settings: CheckRecorderSettings = DEFAULT_CHECK_RECORDER_SETTINGS,
  ) {
    const batching = { maxItems: settings.maxBatch, maxWaitMs: settings.windowMs, concurrency: settings.concurrency };
    this.lookups = new Batcher({
      ...batching,
      flush: async (checkIds) => {
        const found = new Map((await findAnsweredChecks(deps.pool, checkIds)).map((check) => [check.id, check]));
        return checkIds.map((checkId) => found.get(checkId) ?? null);
      },
    });
    this.recordings = new Batcher({ ...batching, flush: (answers) => recordCheckAnswers(deps, answers) });
  }

  /** The check as recorded by an earlier delivery, or null when it was never answered. */
  findAnswered(checkId: string): Promise<CheckRecord | null> {
    return this.lookups.add(checkId);
  }

  /** Records the check's answer; rejects with a transient failure (nothing recorded, to be tried again). */
  async record(answer: CheckAnswer): Promise<RecordingOutcome> {
    try {
      return await this.recordings.add(answer);
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      this.deps.logger.error({ err: error, checkId: answer.request.checkId }, 'recording the check failed');
      const failed: CheckAnswer = { request: answer.request, startedAt: answer.startedAt, failure: { status: 'error_other', errorCode: 'INTERNAL_ERROR' } };
      const [outcome] = await recordCheckAnswers(this.deps, [failed]);
      return outcome!;
    }
  }
}
