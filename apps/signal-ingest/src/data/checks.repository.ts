import { z } from 'zod';
import { checkStatusSchema, signalTypeSchema } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

const checkRow = z
  .object({
    id: z.string(),
    run_id: z.string(),
    workspace_id: z.string(),
    monitor_id: z.string(),
    domain: z.string(),
    signal_type: signalTypeSchema,
    run_date: z.string(),
    webhook_id: z.string().nullable(),
    slack_connection_id: z.string().nullable(),
    // signal-ingest answers checks; skipping one for credits is the scheduler's.
    status: checkStatusSchema.exclude(['skipped_credits']),
    error_code: z.string().nullable(),
    items_fetched: z.number(),
    items_new: z.number(),
    items_pushed: z.number(),
    started_at: z.date(),
    completed_at: z.date(),
  })
  .transform((row) => ({
    id: row.id,
    runId: row.run_id,
    workspaceId: row.workspace_id,
    monitorId: row.monitor_id,
    domain: row.domain,
    signalType: row.signal_type,
    /** YYYY-MM-DD. */
    runDate: row.run_date,
    webhookId: row.webhook_id,
    slackConnectionId: row.slack_connection_id,
    status: row.status,
    errorCode: row.error_code,
    itemsFetched: row.items_fetched,
    itemsNew: row.items_new,
    itemsPushed: row.items_pushed,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  }));

/** A check as signal-ingest answered it (table `checks`). */
export type CheckRecord = z.output<typeof checkRow>;

const idRow = z.object({ id: z.string() });

/** Every check column, the day as text (pg would read a DATE as local midnight). */
const CHECK_COLUMNS = `id, run_id, workspace_id, monitor_id, domain, signal_type, to_char(run_date, 'YYYY-MM-DD') AS run_date, webhook_id, slack_connection_id,
  status, error_code, items_fetched, items_new, items_pushed, started_at, completed_at`;

/** The checks of these ids that were answered; the others are missing from the result. */
export async function findAnsweredChecks(db: Queryable, checkIds: readonly string[]): Promise<CheckRecord[]> {
  const { rows } = await db.query(`SELECT ${CHECK_COLUMNS} FROM checks WHERE id = ANY($1::uuid[])`, [checkIds]);
  return rows.map((row) => checkRow.parse(row));
}

/**
 * Records the checks that were not recorded before and returns their ids. A concurrent
 * transaction recording one of them makes this one wait on its key, then see it as recorded;
 * keys are taken in id order, so two transactions recording overlapping checks wait for each
 * other instead of deadlocking.
 */
export async function insertAnsweredChecks(db: Queryable, checks: readonly CheckRecord[]): Promise<Set<string>> {
  if (checks.length === 0) return new Set();
  const { rows } = await db.query(
    `INSERT INTO checks (id, run_id, workspace_id, monitor_id, domain, signal_type, run_date, webhook_id, slack_connection_id,
                         status, error_code, items_fetched, items_new, items_pushed, started_at, completed_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::date[], $8::uuid[], $9::uuid[],
                          $10::text[], $11::text[], $12::int[], $13::int[], $14::int[], $15::timestamptz[], $16::timestamptz[])
     ORDER BY 1
     ON CONFLICT (id) DO NOTHING
     RETURNING id`,
    [
      checks.map((check) => check.id), checks.map((check) => check.runId), checks.map((check) => check.workspaceId), checks.map((check) => check.monitorId),
      checks.map((check) => check.domain), checks.map((check) => check.signalType), checks.map((check) => check.runDate),
      checks.map((check) => check.webhookId), checks.map((check) => check.slackConnectionId),
      checks.map((check) => check.status), checks.map((check) => check.errorCode),
      checks.map((check) => check.itemsFetched), checks.map((check) => check.itemsNew), checks.map((check) => check.itemsPushed),
      checks.map((check) => check.startedAt), checks.map((check) => check.completedAt),
    ],
  );
  return new Set(rows.map((row) => idRow.parse(row).id));
}

/** Sets the counters of checks recorded earlier in the same transaction. */
export async function setCheckCounters(
  db: Queryable,
  checks: readonly Pick<CheckRecord, 'id' | 'itemsFetched' | 'itemsNew' | 'itemsPushed' | 'completedAt'>[],
): Promise<void> {
  if (checks.length === 0) return;
  await db.query(
    `UPDATE checks SET items_fetched = c.items_fetched, items_new = c.items_new, items_pushed = c.items_pushed, completed_at = c.completed_at
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::timestamptz[]) AS c(id, items_fetched, items_new, items_pushed, completed_at)
     WHERE checks.id = c.id`,
    [checks.map((check) => check.id), checks.map((check) => check.itemsFetched), checks.map((check) => check.itemsNew), checks.map((check) => check.itemsPushed), checks.map((check) => check.completedAt)],
  );
}
