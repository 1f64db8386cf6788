import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { RunSummary, SignalType } from '@radar/contracts';
import { afterCommit, type Queryable } from '@radar/platform/database';
import { inTraceOf } from '@radar/platform/telemetry';
import { countRunCompleted } from '../metrics/run-outcomes';
import { writeOutboxEvents } from '@radar/platform/outbox';

export type RunStatus = RunSummary['status'];

export interface RunRecord {
  id: string;
  monitorId: string;
  workspaceId: string;
  /** The UTC day, YYYY-MM-DD. */
  runDate: string;
  status: RunStatus;
  startedAt: Date;
  completedAt: Date | null;
  domainsTotal: number;
  domainsProcessed: number;
  domainsSkippedCredits: number;
  domainsFailed: number;
  creditsCharged: number;
  creditsRefunded: number;
  newItemsTotal: number;
  checksOpen: number;
}

/** As stored: `queued` (not charged yet) and `requested` (charged, asked of signal-ingest) are both still open. */
export type StoredCheckStatus = 'queued' | 'requested' | 'success' | 'skipped_credits' | 'error_pl' | 'error_other';

export interface CheckRecord {
  id: string;
  runId: string;
  position: number;
  domain: string;
  signalType: SignalType;
  status: StoredCheckStatus;
  errorCode: string | null;
  itemsFetched: number;
  itemsNew: number;
  itemsPushed: number;
  creditCharged: boolean;
  creditRefunded: boolean;
  requestedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
}

interface RunRow {
  id: string;
  monitor_id: string;
  workspace_id: string;
  run_day: string;
  status: RunStatus;
  started_at: Date;
  completed_at: Date | null;
  domains_total: number;
  domains_processed: number;
  domains_skipped_credits: number;
  domains_failed: number;
  credits_charged: number;
  credits_refunded: number;
  new_items_total: number;
  checks_open: number;
}

/** Every run column, the day as text (pg would read a DATE as local midnight). */
export const RUN_COLUMNS = `id, monitor_id, workspace_id, run_date::text AS run_day, status, started_at, completed_at, domains_total,
  domains_processed, domains_skipped_credits, domains_failed, credits_charged, credits_refunded, new_items_total, checks_open`;

export const toRunRecord = (row: RunRow): RunRecord => ({
  id: row.id,
  monitorId: row.monitor_id,
  workspaceId: row.workspace_id,
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
  checksOpen: row.checks_open,
});

interface CheckRow {
  id: string;
  run_id: string;
  position: number;
  domain: string;
  signal_type: SignalType;
  status: StoredCheckStatus;
  error_code: string | null;
  items_fetched: number;
  items_new: number;
  items_pushed: number;
  credit_charged: boolean;
  credit_refunded: boolean;
  requested_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
}

export const toCheckRecord = (row: CheckRow): CheckRecord => ({
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
});

/** A monitor's run on a day, if it has one. */
export async function runOnDay(client: Queryable, monitorId: string, runDate: string): Promise<RunRecord | undefined> {
  const { rows } = await client.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE monitor_id = $1 AND run_date = $2::date`, [
    monitorId,
    runDate,
  ]);
  return rows[0] ? toRunRecord(rows[0]) : undefined;
}

/**
 * Creates the monitor's run of the day with one queued check per domain and signal type
 * (domains by added_at, then signal types in the monitor's order), unless the day has one
 * already: the unique (monitor_id, run_date) makes that decision, whoever else is trying.
 * The caller holds the monitor's row lock, so its domains do not change meanwhile.
 */
export async function openRun(
  client: PoolClient,
  monitor: { id: string; workspaceId: string; signalTypes: readonly SignalType[] },
  runDate: string,
  at: Date,
): Promise<{ run: RunRecord; created: boolean }> {
  const { rows: counted } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM monitor_domains WHERE monitor_id = $1', [
    monitor.id,
  ]);
  const total = (counted[0]?.count ?? 0) * monitor.signalTypes.length;
  const runId = randomUUID();
  const { rows: inserted } = await client.query<{ id: string }>(
    `INSERT INTO monitor_runs (id, monitor_id, workspace_id, run_date, status, started_at, domains_total, checks_open)
     VALUES ($1, $2, $3, $4::date, 'running', $5, $6, $6)
     ON CONFLICT (monitor_id, run_date) DO NOTHING RETURNING id`,
    [runId, monitor.id, monitor.workspaceId, runDate, at, total],
  );
  if (inserted.length === 0) {
    const existing = await runOnDay(client, monitor.id, runDate);
    if (!existing) throw new Error(`run of ${monitor.id} on ${runDate} vanished`);
    return { run: existing, created: false };
  }
  await client.query(
    `INSERT INTO run_checks (id, run_id, position, domain, signal_type, status)
     SELECT gen_random_uuid(), $1, (row_number() OVER (ORDER BY d.seq, t.ord))::int - 1, d.domain, t.type, 'queued'
     FROM monitor_domains d CROSS JOIN unnest($3::text[]) WITH ORDINALITY AS t(type, ord)
     WHERE d.monitor_id = $2`,
    [runId, monitor.id, monitor.signalTypes],
  );
  await noteLatestRun(client, monitor.id, runDate, at, 'running');
  await settleRunIfDone(client, runId, at);
  const run = await runOnDay(client, monitor.id, runDate);
  return { run: run!, created: true };
}

/** The monitor's last_run_* follow its newest day's run (an operator's run of a past day does not overwrite them). */
async function noteLatestRun(client: Queryable, monitorId: string, runDate: string, startedAt: Date, status: RunStatus): Promise<void> {
  await client.query(
    `UPDATE monitors SET last_run_at = $3, last_run_status = $4
     WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM monitor_runs later WHERE later.monitor_id = $1 AND later.run_date > $2::date)`,
    [monitorId, runDate, startedAt, status],
  );
}

/**
 * Ends the run once no check is open: its status from its counters, the monitor's last run,
 * and `monitor.run.completed` for delivery, all in the caller's transaction. A run whose every
 * check was made is `success`; one whose checks all failed is `failed`; anything else
 * (some failed, or credits ran out) is `partial`.
 */
export async function settleRunIfDone(client: Queryable, runId: string, at: Date): Promise<RunRecord | undefined> {
  const { rows } = await client.query<RunRow>(
    `UPDATE monitor_runs SET
       status = CASE WHEN domains_processed = domains_total THEN 'success'
                     WHEN domains_processed = 0 AND domains_skipped_credits = 0 THEN 'failed'
                     ELSE 'partial' END,
       -- Never before its last check: batches of answers commit concurrently, and the one that
       -- ends the run may have read the clock before another batch recorded a later answer.
       completed_at = GREATEST($2, (SELECT max(c.completed_at) FROM run_checks c WHERE c.run_id = $1))
     WHERE id = $1 AND status = 'running' AND checks_open = 0
     RETURNING ${RUN_COLUMNS}`,
    [runId, at],
  );
  if (!rows[0]) return undefined;
  const run = toRunRecord(rows[0]);
  afterCommit(client, () => countRunCompleted(run.status));
  await noteLatestRun(client, run.monitorId, run.runDate, run.startedAt, run.status);
  const { rows: monitors } = await client.query<{ name: string; delivery_method: 'email' | 'webhook'; slack_connection_id: string | null }>(
    'SELECT name, delivery_method, slack_connection_id FROM monitors WHERE id = $1',
    [run.monitorId],
  );
  const monitor = monitors[0];
  if (monitor) {
    // Written in the run's own trace, whichever batch of answers ended it: its deliveries join the run's trace.
    await inTraceOf(run.id, 'monitor.run.completed', () =>
      writeOutboxEvents(client, [
        {
          subject: 'monitor.run.completed',
          payload: {
            workspaceId: run.workspaceId,
            monitorId: run.monitorId,
            monitorName: monitor.name,
            runId: run.id,
            runDate: run.runDate,
            status: run.status,
            deliveryMethod: monitor.delivery_method,
            slackConnectionId: monitor.slack_connection_id,
            newItemsTotal: run.newItemsTotal,
          },
        },
      ]),
    );
  }
  return run;
}

/** Reads of runs and their checks for the API and for waiting on a run. */
export class RunRepository {
  constructor(private readonly pool: Pool) {}

  async page(monitorId: string, limit: number, offset: number): Promise<{ items: RunRecord[]; total: number }> {
    const [{ rows }, counted] = await Promise.all([
      this.pool.query<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE monitor_id = $1 ORDER BY run_date DESC, started_at DESC LIMIT $2 OFFSET $3`,
        [monitorId, limit, offset],
      ),
      this.pool.query<{ total: number }>('SELECT count(*)::int AS total FROM monitor_runs WHERE monitor_id = $1', [monitorId]),
    ]);
    return { items: rows.map(toRunRecord), total: counted.rows[0]?.total ?? 0 };
  }

  async find(monitorId: string, runId: string): Promise<RunRecord | undefined> {
    const { rows } = await this.pool.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE id = $1 AND monitor_id = $2`, [runId, monitorId]);
    return rows[0] ? toRunRecord(rows[0]) : undefined;
  }

  async byIds(runIds: readonly string[]): Promise<RunRecord[]> {
    if (runIds.length === 0) return [];
    const { rows } = await this.pool.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM monitor_runs WHERE id = ANY($1::uuid[])`, [runIds]);
    return rows.map(toRunRecord);
  }

  async onDay(monitorId: string, runDate: string): Promise<RunRecord | undefined> {
    return runOnDay(this.pool, monitorId, runDate);
  }

  async checks(runId: string): Promise<CheckRecord[]> {
    const { rows } = await this.pool.query<CheckRow>('SELECT * FROM run_checks WHERE run_id = $1 ORDER BY position', [runId]);
    return rows.map(toCheckRecord);
  }
}
