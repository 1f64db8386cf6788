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

/** The answered checks (table `checks`). */
export const checksRepository = {
  async find(db: Queryable, checkId: string): Promise<CheckRecord | null> {
    const { rows } = await db.query<CheckRow>(
      `SELECT id, run_id, workspace_id, monitor_id, domain, signal_type, to_char(run_date, 'YYYY-MM-DD') AS run_date, webhook_id, slack_connection_id, status, error_code,
              items_fetched, items_new, items_pushed, started_at, completed_at
       FROM checks WHERE id = $1`,
      [checkId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  },

  /**
   * Records the check unless it was recorded before; false then. A concurrent transaction
   * recording the same check makes this one wait on the key, then see it as recorded.
   */
  async insert(db: Queryable, check: CheckRecord): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO checks (id, run_id, workspace_id, monitor_id, domain, signal_type, run_date, webhook_id, slack_connection_id,
                           status, error_code, items_fetched, items_new, items_pushed, started_at, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (id) DO NOTHING`,
      [
        check.id, check.runId, check.workspaceId, check.monitorId, check.domain, check.signalType, check.runDate, check.webhookId, check.slackConnectionId,
        check.status, check.errorCode,
        check.itemsFetched, check.itemsNew, check.itemsPushed, check.startedAt, check.completedAt,
      ],
    );
    return rowCount === 1;
  },

  async setCounters(db: Queryable, checkId: string, counters: CheckCounters): Promise<void> {
    await db.query('UPDATE checks SET items_fetched = $2, items_new = $3, items_pushed = $4, completed_at = $5 WHERE id = $1', [
      checkId, counters.itemsFetched, counters.itemsNew, counters.itemsPushed, counters.completedAt,
    ]);
  },
};
