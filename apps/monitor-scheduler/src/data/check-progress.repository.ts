import { z } from 'zod';
import { signalTypeSchema, type EventPayload } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/**
 * The run engine's statements on checks and on a run's counters. Every check transition is
 * conditional on the state it leaves, so a redelivered message or a repeated sweep changes
 * nothing twice; which counters a transition moves, and when a run ends, is decided in
 * use-cases/runs. Sweeps (`runsToDispatch`, `expireOverdueChecks`, `unrefundedChecks`) cross
 * workspaces by design: they keep every workspace's runs moving.
 */

export type CheckRequest = EventPayload<'signal.check.requested'>;
export type CheckCompletion = EventPayload<'signal.check.completed'>;

const queuedCheckRow = z
  .object({ id: z.string(), position: z.number(), domain: z.string(), signal_type: signalTypeSchema })
  .transform((row) => ({ id: row.id, position: row.position, domain: row.domain, signalType: row.signal_type }));

/** A check waiting to be charged, in its run's order. */
export type QueuedCheck = z.output<typeof queuedCheckRow>;

const runToDispatchRow = z
  .object({ id: z.string(), monitor_id: z.string(), workspace_id: z.string(), run_day: z.string() })
  .transform((row) => ({ id: row.id, monitorId: row.monitor_id, workspaceId: row.workspace_id, runDate: row.run_day }));

/** A run that still has checks to charge. */
export type RunToDispatch = z.output<typeof runToDispatchRow>;

const unrefundedRow = z
  .object({
    id: z.string(),
    run_id: z.string(),
    monitor_id: z.string(),
    workspace_id: z.string(),
    run_day: z.string(),
    domain: z.string(),
    signal_type: signalTypeSchema,
  })
  .transform((row) => ({
    id: row.id,
    runId: row.run_id,
    monitorId: row.monitor_id,
    workspaceId: row.workspace_id,
    runDate: row.run_day,
    domain: row.domain,
    signalType: row.signal_type,
  }));

/** A failed check whose charge is still to be returned. */
export type UnrefundedCheck = z.output<typeof unrefundedRow>;

const answeredRow = z
  .object({ run_id: z.string(), workspace_id: z.string(), status: z.enum(['success', 'error_pl', 'error_other']), pushed: z.number() })
  .transform((row) => ({ runId: row.run_id, workspaceId: row.workspace_id, status: row.status, itemsPushed: row.pushed }));

/** A check that took its answer: which run, and how it went. */
export type AnsweredCheck = z.output<typeof answeredRow>;

const runOfCheckRow = z.object({ run_id: z.string(), workspace_id: z.string() }).transform((row) => ({ runId: row.run_id, workspaceId: row.workspace_id }));

/** What a transition adds to a run's counters; `settled` checks leave `checks_open`. */
export interface RunCountChanges {
  charged?: number;
  processed?: number;
  skippedCredits?: number;
  failed?: number;
  refunded?: number;
  newItems?: number;
  settled?: number;
}

/** Running runs with checks not yet charged (a run cut short by a restart), oldest first. */
export async function runsToDispatch(db: Queryable): Promise<RunToDispatch[]> {
  const { rows } = await db.query(
    `SELECT r.id, r.monitor_id, r.workspace_id, r.run_date::text AS run_day FROM monitor_runs r
     WHERE r.status = 'running' AND EXISTS (SELECT 1 FROM run_checks c WHERE c.run_id = r.id AND c.status = 'queued')
     ORDER BY r.started_at, r.id`,
  );
  return rows.map((row) => runToDispatchRow.parse(row));
}

/** The run's first `limit` checks not charged yet, in its order. */
export async function queuedChecks(db: Queryable, workspaceId: string, runId: string, limit: number): Promise<QueuedCheck[]> {
  const { rows } = await db.query(
    `SELECT c.id, c.position, c.domain, c.signal_type FROM run_checks c JOIN monitor_runs r ON r.id = c.run_id AND r.workspace_id = $2
     WHERE c.run_id = $1 AND c.status = 'queued' ORDER BY c.position LIMIT $3`,
    [runId, workspaceId, limit],
  );
  return rows.map((row) => queuedCheckRow.parse(row));
}

/** Queued checks of the run become `requested` (charged); answers those that were still queued. */
export async function markChecksRequested(db: Queryable, workspaceId: string, runId: string, checkIds: readonly string[], at: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE run_checks SET status = 'requested', credit_charged = true, requested_at = $3
     WHERE run_id = $1 AND id = ANY($2::uuid[]) AND status = 'queued'
       AND EXISTS (SELECT 1 FROM monitor_runs r WHERE r.id = $1 AND r.workspace_id = $4)
     RETURNING id`,
    [runId, checkIds, at, workspaceId],
  );
  return rows.map((row) => row.id);
}

/** Every check of the run not charged yet becomes `skipped_credits`; answers how many. */
export async function skipQueuedChecks(db: Queryable, workspaceId: string, runId: string, at: Date): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE run_checks SET status = 'skipped_credits', completed_at = $2
     WHERE run_id = $1 AND status = 'queued' AND EXISTS (SELECT 1 FROM monitor_runs r WHERE r.id = $1 AND r.workspace_id = $3)`,
    [runId, at, workspaceId],
  );
  return rowCount ?? 0;
}

export async function addRunCounts(db: Queryable, workspaceId: string, runId: string, changes: RunCountChanges): Promise<void> {
  await db.query(
    `UPDATE monitor_runs SET credits_charged = credits_charged + $3, domains_processed = domains_processed + $4,
            domains_skipped_credits = domains_skipped_credits + $5, domains_failed = domains_failed + $6,
            credits_refunded = credits_refunded + $7, new_items_total = new_items_total + $8, checks_open = checks_open - $9
     WHERE id = $1 AND workspace_id = $2`,
    [
      runId,
      workspaceId,
      changes.charged ?? 0,
      changes.processed ?? 0,
      changes.skippedCredits ?? 0,
      changes.failed ?? 0,
      changes.refunded ?? 0,
      changes.newItems ?? 0,
      changes.settled ?? 0,
    ],
  );
}

/**
 * signal-ingest's answers, many runs' in one statement. An answer for a check that is no longer
 * waiting (deadline passed, redelivery) or that names another run or workspace changes nothing.
 */
export async function recordCheckAnswers(db: Queryable, answers: readonly CheckCompletion[]): Promise<AnsweredCheck[]> {
  const { rows } = await db.query(
    `UPDATE run_checks c SET status = a.status, error_code = a.error_code, items_fetched = a.fetched, items_new = a.fresh,
            items_pushed = a.pushed, started_at = a.started, completed_at = a.completed
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::timestamptz[], $10::timestamptz[])
          AS a(id, run_id, workspace_id, status, error_code, fetched, fresh, pushed, started, completed)
     WHERE c.id = a.id AND c.run_id = a.run_id AND c.status = 'requested'
       AND EXISTS (SELECT 1 FROM monitor_runs r WHERE r.id = a.run_id AND r.workspace_id = a.workspace_id)
     RETURNING c.run_id, a.workspace_id, a.status, a.pushed`,
    [
      answers.map((answer) => answer.checkId),
      answers.map((answer) => answer.runId),
      answers.map((answer) => answer.workspaceId),
      answers.map((answer) => answer.status),
      answers.map((answer) => (answer.status === 'success' ? null : answer.errorCode)),
      answers.map((answer) => answer.itemsFetched),
      answers.map((answer) => answer.itemsNew),
      answers.map((answer) => answer.itemsPushed),
      answers.map((answer) => answer.startedAt),
      answers.map((answer) => answer.completedAt),
    ],
  );
  return rows.map((row) => answeredRow.parse(row));
}

/**
 * Checks asked of signal-ingest before `cutoff` and never answered become `error_other`
 * (CHECK_DEADLINE_EXCEEDED), at most `limit`, skipping those another sweep holds. Answers the
 * run of each.
 */
export async function expireOverdueChecks(db: Queryable, cutoff: Date, at: Date, limit: number): Promise<{ runId: string; workspaceId: string }[]> {
  const { rows } = await db.query(
    `UPDATE run_checks c SET status = 'error_other', error_code = 'CHECK_DEADLINE_EXCEEDED', started_at = requested_at, completed_at = $2
     FROM monitor_runs r
     WHERE r.id = c.run_id
       AND c.id IN (SELECT id FROM run_checks WHERE status = 'requested' AND requested_at < $1 ORDER BY requested_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING c.run_id, r.workspace_id`,
    [cutoff, at, limit],
  );
  return rows.map((row) => runOfCheckRow.parse(row));
}

const UNREFUNDED_SELECT = `SELECT c.id, c.run_id, r.monitor_id, r.workspace_id, r.run_date::text AS run_day, c.domain, c.signal_type
  FROM run_checks c JOIN monitor_runs r ON r.id = c.run_id`;
const FAILED_UNREFUNDED = "c.status IN ('error_pl', 'error_other') AND NOT c.credit_refunded";

/** Failed checks whose refund is not recorded yet (a refund interrupted by a restart or a ledger outage), oldest first. */
export async function unrefundedChecks(db: Queryable, completedBefore: Date, limit: number): Promise<UnrefundedCheck[]> {
  const { rows } = await db.query(`${UNREFUNDED_SELECT} WHERE ${FAILED_UNREFUNDED} AND c.completed_at < $1 ORDER BY c.completed_at LIMIT $2`, [
    completedBefore,
    limit,
  ]);
  return rows.map((row) => unrefundedRow.parse(row));
}

/** The failed, unrefunded checks of these runs. */
export async function unrefundedChecksOfRuns(db: Queryable, runIds: readonly string[]): Promise<UnrefundedCheck[]> {
  const { rows } = await db.query(`${UNREFUNDED_SELECT} WHERE c.run_id = ANY($1::uuid[]) AND ${FAILED_UNREFUNDED}`, [runIds]);
  return rows.map((row) => unrefundedRow.parse(row));
}

export async function unrefundedCheck(db: Queryable, workspaceId: string, checkId: string): Promise<UnrefundedCheck | undefined> {
  const { rows } = await db.query(`${UNREFUNDED_SELECT} WHERE c.id = $1 AND r.workspace_id = $2 AND ${FAILED_UNREFUNDED}`, [checkId, workspaceId]);
  return rows[0] ? unrefundedRow.parse(rows[0]) : undefined;
}

/** A failed, charged check's refund is in the ledger; answers its run, or undefined when it was recorded before. */
export async function markCheckRefunded(db: Queryable, workspaceId: string, checkId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ run_id: string }>(
    `UPDATE run_checks c SET credit_refunded = true
     FROM monitor_runs r
     WHERE c.id = $1 AND r.id = c.run_id AND r.workspace_id = $2
       AND c.status IN ('error_pl', 'error_other') AND c.credit_charged AND NOT c.credit_refunded
     RETURNING c.run_id`,
    [checkId, workspaceId],
  );
  return rows[0]?.run_id;
}
