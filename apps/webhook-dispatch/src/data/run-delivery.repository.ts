import { z } from 'zod';
import { signalRecordSchema, type DeliveryMethod, type SignalRecord } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/**
 * Monitor runs as delivery gathers and sends them (tables `run_deliveries`, `run_signals`).
 * The statements that change a run's counters take its row lock, so the last gathered signal
 * and the run's end, arriving at once, see each other's effect and queue its jobs exactly once.
 * The digest and team-chat jobs name only the run, so the statements they make go by run id.
 */

/** How a run's sending of its digest or team-chat message stands: null when it has nothing to send that way. */
const runSendStatus = z.enum(['pending', 'sent', 'failed']).nullable();
export type RunSendStatus = z.output<typeof runSendStatus>;

const progressRow = z
  .object({
    run_id: z.string(),
    expected_signals: z.number().nullable(),
    gathered_signals: z.number(),
    queued: z.boolean(),
    email_status: runSendStatus,
    chat_status: runSendStatus,
  })
  .transform((row) => ({
    runId: row.run_id,
    expectedSignals: row.expected_signals,
    gatheredSignals: row.gathered_signals,
    queued: row.queued,
    emailStatus: row.email_status,
    chatStatus: row.chat_status,
  }));

/** What decides whether a run's jobs can be queued: all its signals gathered, its end known, not queued yet. */
export type RunProgress = z.output<typeof progressRow>;

const PROGRESS_COLUMNS = `run_id, expected_signals, gathered_signals, queued_at IS NOT NULL AS queued, email_status, chat_status`;

const runToSendRow = z.object({
  workspace_id: z.string(),
  monitor_name: z.string().nullable(),
  run_date: z.string().nullable(),
  slack_connection_id: z.string().nullable(),
  email_status: runSendStatus,
  chat_status: runSendStatus,
});

const runSignalRow = z.object({ signal: signalRecordSchema });

/** A run ready to be sent, with its gathered signals. */
export interface RunToSend {
  runId: string;
  workspaceId: string;
  monitorName: string;
  runDate: string;
  slackConnectionId: string | null;
  emailStatus: RunSendStatus;
  chatStatus: RunSendStatus;
  signals: SignalRecord[];
}

/** A run's end as `monitor.run.completed` told it, and what it needs sent. */
export interface RunCompletion {
  runId: string;
  monitorId: string;
  monitorName: string;
  runDate: string;
  deliveryMethod: DeliveryMethod;
  slackConnectionId: string | null;
  expectedSignals: number;
  sendsEmail: boolean;
  postsToChat: boolean;
}

export type RunChannel = 'email' | 'chat';

export interface SendOutcome {
  status: Exclude<RunSendStatus, null>;
  responseStatus?: number | null;
  error: string | null;
}

/** In the caller's transaction: keeps a signal for its run; undefined when it was already kept. */
export async function gatherSignal(tx: Queryable, workspaceId: string, runId: string, signal: SignalRecord): Promise<RunProgress | undefined> {
  // The run's row first: its lock orders this signal against the run's end.
  await tx.query(
    `INSERT INTO run_deliveries (run_id, workspace_id) VALUES ($1, $2)
     ON CONFLICT (run_id) DO UPDATE SET run_id = EXCLUDED.run_id`,
    [runId, workspaceId],
  );
  const { rowCount } = await tx.query('INSERT INTO run_signals (run_id, signal_id, signal) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING', [
    runId,
    signal.id,
    JSON.stringify(signal),
  ]);
  if (rowCount !== 1) return undefined;
  const counted = await tx.query(`UPDATE run_deliveries SET gathered_signals = gathered_signals + 1 WHERE run_id = $1 RETURNING ${PROGRESS_COLUMNS}`, [runId]);
  return counted.rows[0] ? progressRow.parse(counted.rows[0]) : undefined;
}

/** In the caller's transaction: records the run's end (once; a repeated event changes nothing) and what it needs sent. */
export async function recordRunEnd(tx: Queryable, workspaceId: string, completion: RunCompletion): Promise<RunProgress> {
  const { rows } = await tx.query(
    `INSERT INTO run_deliveries (run_id, workspace_id, monitor_id, monitor_name, run_date, delivery_method, slack_connection_id,
                                 expected_signals, completed_at, email_status, chat_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9, $10)
     ON CONFLICT (run_id) DO UPDATE SET
       monitor_id = EXCLUDED.monitor_id, monitor_name = EXCLUDED.monitor_name, run_date = EXCLUDED.run_date,
       delivery_method = EXCLUDED.delivery_method, slack_connection_id = EXCLUDED.slack_connection_id,
       expected_signals = EXCLUDED.expected_signals, completed_at = EXCLUDED.completed_at,
       email_status = EXCLUDED.email_status, chat_status = EXCLUDED.chat_status
     WHERE run_deliveries.completed_at IS NULL
     RETURNING ${PROGRESS_COLUMNS}`,
    [
      completion.runId,
      workspaceId,
      completion.monitorId,
      completion.monitorName,
      completion.runDate,
      completion.deliveryMethod,
      completion.slackConnectionId,
      completion.expectedSignals,
      completion.sendsEmail ? 'pending' : null,
      completion.postsToChat ? 'pending' : null,
    ],
  );
  if (rows[0]) return progressRow.parse(rows[0]);
  // Recorded before: the run as it stands (queued already, or still waiting for signals).
  const existing = await tx.query(`SELECT ${PROGRESS_COLUMNS} FROM run_deliveries WHERE run_id = $1 FOR UPDATE`, [completion.runId]);
  return progressRow.parse(existing.rows[0]);
}

/** In the caller's transaction: the run's jobs are queued (they go in the same transaction). */
export async function markRunQueued(tx: Queryable, runId: string): Promise<void> {
  await tx.query('UPDATE run_deliveries SET queued_at = now() WHERE run_id = $1', [runId]);
}

/**
 * Runs of any workspace that ended more than `waitedMs` ago and are not queued, oldest first; locked for
 * the caller's transaction, skipping runs another replica holds.
 */
export async function unqueuedRunsEndedBefore(tx: Queryable, waitedMs: number, limit: number): Promise<RunProgress[]> {
  const { rows } = await tx.query(
    `SELECT ${PROGRESS_COLUMNS} FROM run_deliveries
     WHERE queued_at IS NULL AND completed_at < now() - $1::bigint * interval '1 millisecond'
     ORDER BY completed_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [waitedMs, limit],
  );
  return rows.map((row) => progressRow.parse(row));
}

/** The ended run with its gathered signals; undefined when its end is not recorded. */
export async function runToSend(db: Queryable, runId: string): Promise<RunToSend | undefined> {
  const { rows } = await db.query(
    `SELECT workspace_id, monitor_name, to_char(run_date, 'YYYY-MM-DD') AS run_date, slack_connection_id, email_status, chat_status
     FROM run_deliveries WHERE run_id = $1`,
    [runId],
  );
  const run = rows[0] ? runToSendRow.parse(rows[0]) : undefined;
  if (!run || run.monitor_name === null || run.run_date === null) return undefined;
  const signals = await db.query('SELECT signal FROM run_signals WHERE run_id = $1', [runId]);
  return {
    runId,
    workspaceId: run.workspace_id,
    monitorName: run.monitor_name,
    runDate: run.run_date,
    slackConnectionId: run.slack_connection_id,
    emailStatus: run.email_status,
    chatStatus: run.chat_status,
    signals: signals.rows.map((row) => runSignalRow.parse(row).signal),
  };
}

/** Counts an attempt of a pending email or team-chat message; false when it was already sent or given up. */
export async function claimRunSendAttempt(db: Queryable, runId: string, channel: RunChannel): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE run_deliveries SET ${channel}_attempts = ${channel}_attempts + 1 WHERE run_id = $1 AND ${channel}_status = 'pending'`, [
    runId,
  ]);
  return rowCount === 1;
}

/** Records how an attempt at the run's digest or team-chat message went, while that sending is pending. */
export async function recordRunSendOutcome(db: Queryable, runId: string, channel: RunChannel, outcome: SendOutcome): Promise<void> {
  if (channel === 'email') {
    await db.query(
      `UPDATE run_deliveries SET email_status = $2::varchar, email_last_error = $3, email_sent_at = CASE WHEN $2::varchar = 'sent' THEN now() END
       WHERE run_id = $1 AND email_status = 'pending'`,
      [runId, outcome.status, outcome.error],
    );
    return;
  }
  await db.query(
    `UPDATE run_deliveries SET chat_status = $2::varchar, chat_last_error = $3, chat_response_status = $4, chat_posted_at = CASE WHEN $2::varchar = 'sent' THEN now() END
     WHERE run_id = $1 AND chat_status = 'pending'`,
    [runId, outcome.status, outcome.error, outcome.responseStatus ?? null],
  );
}
