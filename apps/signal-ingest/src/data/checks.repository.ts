import type { Queryable } from '@radar/platform/database';
import type { CheckStatus, SignalType } from '@radar/contracts';

/** A check as signal-ingest answered it. */
export interface CheckRecord {
  id: string;
  runId: string;
  workspaceId: string;
  monitorId: string;
  domain: string;
  signalType: SignalType;
  /** YYYY-MM-DD. */
  runDate: string;
  webhookId: string | null;
  slackConnectionId: string | null;
  status: Exclude<CheckStatus, 'skipped_credits'>;
  errorCode: string | null;
  itemsFetched: number;
  itemsNew: number;
  itemsPushed: number;
  startedAt: Date;
  completedAt: Date;
}

export type CheckCounters = Pick<CheckRecord, 'itemsFetched' | 'itemsNew' | 'itemsPushed' | 'completedAt'>;

interface CheckRow {
  id: string;
  run_id: string;
  workspace_id: string;
  monitor_id: string;
  domain: string;
  signal_type: SignalType;
  run_date: string;
  webhook_id: string | null;
  slack_connection_id: string | null;
  status: CheckRecord['status'];
  error_code: string | null;
  items_fetched: number;
  items_new: number;
  items_pushed: number;
  started_at: Date;
  completed_at: Date;
}

const toRecord = (row: CheckRow): CheckRecord => ({
  id: row.id,
  runId: row.run_id,
  workspaceId: row.workspace_id,
  monitorId: row.monitor_id,
  domain: row.domain,
  signalType: row.signal_type,
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
});

const CHECK_COLUMNS = `id, run_id, workspace_id, monitor_id, domain, signal_type, to_char(run_date, 'YYYY-MM-DD') AS run_date, webhook_id, slack_connection_id,
  status, error_code, items_fetched, items_new, items_pushed, started_at, completed_at`;

/** The answered checks (table `checks`). */
export const checksRepository = {
  /** The checks of these ids that were answered; the others are missing from the result. */
  async findMany(db: Queryable, checkIds: readonly string[]): Promise<CheckRecord[]> {
    const { rows } = await db.query<CheckRow>(`SELECT ${CHECK_COLUMNS} FROM checks WHERE id = ANY($1::uuid[])`, [checkIds]);
    return rows.map(toRecord);
  },

  /**
   * Records the checks that were not recorded before and returns their ids. A concurrent
   * transaction recording one of them makes this one wait on its key, then see it as recorded;
   * keys are taken in id order, so two transactions recording overlapping checks wait for each
   * other instead of deadlocking.
   */
  async insertMany(db: Queryable, checks: readonly CheckRecord[]): Promise<Set<string>> {
    if (checks.length === 0) return new Set();
    const { rows } = await db.query<{ id: string }>(
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
    return new Set(rows.map((row) => row.id));
  },

  /** Sets the counters of checks recorded earlier in the same transaction. */
  async setCounters(db: Queryable, checks: readonly (CheckCounters & { id: string })[]): Promise<void> {
    if (checks.length === 0) return;
    await db.query(
      `UPDATE checks SET items_fetched = c.items_fetched, items_new = c.items_new, items_pushed = c.items_pushed, completed_at = c.completed_at
       FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::timestamptz[]) AS c(id, items_fetched, items_new, items_pushed, completed_at)
       WHERE checks.id = c.id`,
      [checks.map((check) => check.id), checks.map((check) => check.itemsFetched), checks.map((check) => check.itemsNew), checks.map((check) => check.itemsPushed), checks.map((check) => check.completedAt)],
    );
  },
};
