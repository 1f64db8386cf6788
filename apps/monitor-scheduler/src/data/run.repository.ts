import { z } from 'zod';
import { CHECK_STATUSES, runStatusSchema, signalTypeSchema, type SignalType } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/**
 * Runs and their checks: statements only. What a run's counters mean (its status, when it
 * ends, what is announced) is decided in use-cases/runs.
 */

const runRow = z
  .object({
    id: z.string(),
    monitor_id: z.string(),
    workspace_id: z.string(),
    run_day: z.string(),
    status: runStatusSchema,
    started_at: z.date(),
    completed_at: z.date().nullable(),
    domains_total: z.number(),
    domains_processed: z.number(),
    domains_skipped_credits: z.number(),
    domains_failed: z.number(),
    credits_charged: z.number(),
    credits_refunded: z.number(),
    new_items_total: z.number(),
    checks_open: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    monitorId: row.monitor_id,
    workspaceId: row.workspace_id,
    /** The UTC day, YYYY-MM-DD. */
    runDate: row.run_day,
    status: row.status,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    domainsTotal: row.domains_total,
    domainsProcessed: row.domains_processed,
    domainsSkippedCredits: row.domains_skipped_credits,
    domainsFailed: row.domains_failed,
    creditsCharged: row.credits_charged,
    creditsRefunded: row.credits_refunded,
    newItemsTotal: row.new_items_total,
    /** Checks not settled yet (not answered, or failed and not yet refunded); the run ends at 0. */
    checksOpen: row.checks_open,
  }));

export type RunRecord = z.output<typeof runRow>;
export type RunStatus = RunRecord['status'];

/** As stored: `queued` (not charged yet) and `requested` (charged, asked of signal-ingest) are both still open. */
const storedCheckStatusSchema = z.enum(['queued', 'requested', ...CHECK_STATUSES]);

const checkRow = z
  .object({
    id: z.string(),
    run_id: z.string(),
    position: z.number(),
    domain: z.string(),
    signal_type: signalTypeSchema,
    status: storedCheckStatusSchema,
    error_code: z.string().nullable(),
    items_fetched: z.number(),
    items_new: z.number(),
    items_pushed: z.number(),
    credit_charged: z.boolean(),
    credit_refunded: z.boolean(),
    requested_at: z.date().nullable(),
    started_at: z.date().nullable(),
    completed_at: z.date().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    runId: row.run_id,
    position: row.position,
    domain: row.domain,
    signalType: row.signal_type,
    status: row.status,
    errorCode: row.error_code,
    itemsFetched: row.items_fetched,
    itemsNew: row.items_new,
    itemsPushed: row.items_pushed,
    creditCharged: row.credit_charged,
    creditRefunded: row.credit_refunded,
    requestedAt: row.requested_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  }));

export type CheckRecord = z.output<typeof checkRow>;

const parseRuns = (rows: unknown[]): RunRecord[] => rows.map((row) => runRow.parse(row));

/** Every run column, the day as text (pg would read a DATE as local midnight). */
const RUN_COLUMNS = `id, monitor_id, workspace_id, run_date::text AS run_day, status, started_at, completed_at, domains_total,
  domains_processed, domains_skipped_credits, domains_failed, credits_charged, credits_refunded, new_items_total, checks_open`;

/** A monitor's run on a day, if it has one. */
export async function runOnDay(db: Queryable, workspaceId: string, monitorId: string, runDate: string): Promise<RunRecord | undefined> {
  const { rows } = await db.query(`SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE workspace_id = $1 AND monitor_id = $2 AND run_date = $3::date`, [
    workspaceId,
    monitorId,
    runDate,
  ]);
  return parseRuns(rows)[0];
}

/**
 * A new running run with `checks` checks to settle, unless the monitor has one that day: the
 * unique (monitor_id, run_date) decides, whoever else is trying. Answers whether it was created.
 */
export async function insertRun(
  db: Queryable,
  workspaceId: string,
  run: { id: string; monitorId: string; runDate: string; startedAt: Date; checks: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO monitor_runs (id, monitor_id, workspace_id, run_date, status, started_at, domains_total, checks_open)
     VALUES ($1, $2, $3, $4::date, 'running', $5, $6, $6)
     ON CONFLICT (monitor_id, run_date) DO NOTHING`,
    [run.id, run.monitorId, workspaceId, run.runDate, run.startedAt, run.checks],
  );
  return rowCount === 1;
}

/** One queued check per domain and signal type: domains in the order they were added, then signal types in the given order. */
export async function insertQueuedChecks(db: Queryable, workspaceId: string, runId: string, monitorId: string, signalTypes: readonly SignalType[]): Promise<void> {
  await db.query(
    `INSERT INTO run_checks (id, run_id, position, domain, signal_type, status)
     SELECT gen_random_uuid(), $1, (row_number() OVER (ORDER BY d.seq, t.ord))::int - 1, d.domain, t.type, 'queued'
     FROM monitor_domains d JOIN monitors m ON m.id = d.monitor_id AND m.workspace_id = $4
     CROSS JOIN unnest($3::text[]) WITH ORDINALITY AS t(type, ord)
     WHERE d.monitor_id = $2`,
    [runId, monitorId, signalTypes, workspaceId],
  );
}

/** The run, locked until the caller's transaction ends: whoever ends a run holds this first. */
export async function lockRun(db: Queryable, workspaceId: string, runId: string): Promise<RunRecord | undefined> {
  const { rows } = await db.query(`SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE id = $1 AND workspace_id = $2 FOR UPDATE`, [runId, workspaceId]);
  return parseRuns(rows)[0];
}

/**
 * Ends a running run whose every check settled, with the given status. Guarded on both, so it
 * ends once whoever else tries; answers the ended run, or undefined when it was not to end.
 */
export async function endRun(db: Queryable, workspaceId: string, runId: string, status: Exclude<RunStatus, 'running'>, at: Date): Promise<RunRecord | undefined> {
  const { rows } = await db.query(
    `UPDATE monitor_runs SET status = $3,
       -- Never before its last check: batches of answers commit concurrently, and the one that
       -- ends the run may have read the clock before another batch recorded a later answer.
       completed_at = GREATEST($4, (SELECT max(c.completed_at) FROM run_checks c WHERE c.run_id = $1))
     WHERE id = $1 AND workspace_id = $2 AND status = 'running' AND checks_open = 0
     RETURNING ${RUN_COLUMNS}`,
    [runId, workspaceId, status, at],
  );
  return parseRuns(rows)[0];
}

/** A page of the monitor's runs, newest day first, and how many it has. */
export async function runsPage(db: Queryable, workspaceId: string, monitorId: string, limit: number, offset: number): Promise<{ items: RunRecord[]; total: number }> {
  const [{ rows }, counted] = await Promise.all([
    db.query(
      `SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE workspace_id = $1 AND monitor_id = $2 ORDER BY run_date DESC, started_at DESC LIMIT $3 OFFSET $4`,
      [workspaceId, monitorId, limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM monitor_runs WHERE workspace_id = $1 AND monitor_id = $2', [workspaceId, monitorId]),
  ]);
  return { items: parseRuns(rows), total: counted.rows[0]?.total ?? 0 };
}

export async function findRun(db: Queryable, workspaceId: string, monitorId: string, runId: string): Promise<RunRecord | undefined> {
  const { rows } = await db.query(`SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE id = $1 AND monitor_id = $2 AND workspace_id = $3`, [
    runId,
    monitorId,
    workspaceId,
  ]);
  return parseRuns(rows)[0];
}

/** Runs by id across workspaces: the operator's `radar monitors run` waits on the runs it started. */
export async function runsByIds(db: Queryable, runIds: readonly string[]): Promise<RunRecord[]> {
  if (runIds.length === 0) return [];
  const { rows } = await db.query(`SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE id = ANY($1::uuid[])`, [runIds]);
  return parseRuns(rows);
}

/** The run's checks in its order. */
export async function runChecks(db: Queryable, workspaceId: string, runId: string): Promise<CheckRecord[]> {
  const { rows } = await db.query(
    `SELECT c.* FROM run_checks c JOIN monitor_runs r ON r.id = c.run_id AND r.workspace_id = $2
     WHERE c.run_id = $1 ORDER BY c.position`,
    [runId, workspaceId],
  );
  return rows.map((row) => checkRow.parse(row));
}
