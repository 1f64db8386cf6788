import type { DeliveryStatus, SignalRecord } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/** Where a signal came from: kept beside the record for the read APIs and for tracing a run. */
export interface SignalOrigin {
  workspaceId: string;
  runId: string;
  checkId: string;
}

/** A check's new signals. */
export interface SignalGroup {
  origin: SignalOrigin;
  signals: readonly SignalRecord[];
}

/** `signal_counts` keys meaning "every monitor" and "every signal type". */
export const ALL_MONITORS = '00000000-0000-0000-0000-000000000000';
export const ALL_TYPES = '*';

/** What a webhook delivery reported about a signal (`delivery.updated`). */
export interface DeliveryOutcome {
  webhookDeliveryId: string;
  deliveryStatus: DeliveryStatus;
  responseStatus: number | null;
  /** Requests made so far; a report with fewer than the signal already has is older. */
  attempts: number;
  /** `delivered` and `failed` end a delivery: no later report can change them. */
  final: boolean;
}

/**
 * Records new signals (table `signals`), each group from its check, and counts them in
 * `signal_counts`, in one statement of the checks' transaction: the counts and the rows commit
 * together, so a total read from the counts always equals the rows a list reads in the same
 * snapshot. Count rows are updated in key order, so two transactions counting the same keys wait
 * for each other instead of deadlocking.
 */
export async function insertSignals(db: Queryable, groups: readonly SignalGroup[]): Promise<void> {
  // One statement however many signals: the rows travel as one JSON array (details are arrays of their own).
  const rows = groups.flatMap(({ origin, signals }) =>
    signals.map((signal) => ({ ...signal, workspace_id: origin.workspaceId, run_id: origin.runId, check_id: origin.checkId })),
  );
  if (rows.length === 0) return;
  await db.query(
    `WITH inserted AS (
       INSERT INTO signals (id, workspace_id, monitor_id, monitor_name, run_id, check_id, fired_at, signal_type, domain, delivery_method,
                            pl_item_id, webhook_delivery_id, delivery_status, response_status, content_available, headline, details,
                            source_url, family, category, happened_on)
       SELECT id, workspace_id, cron_job_id, cron_job_name, run_id, check_id, fired_at, signal_type, domain, delivery_method,
              pl_item_id, webhook_delivery_id, delivery_status, response_status, content_available, headline, details,
              source_url, family, category, happened_on
       FROM jsonb_to_recordset($1::jsonb) AS r(
         id uuid, workspace_id uuid, cron_job_id uuid, cron_job_name text, run_id uuid, check_id uuid, fired_at timestamptz,
         signal_type text, domain text, delivery_method text, pl_item_id text, webhook_delivery_id text, delivery_status text,
         response_status integer, content_available boolean, headline text, details text[], source_url text, family text,
         category text, happened_on date)
       RETURNING workspace_id, monitor_id, signal_type, family, fired_at
     )
     INSERT INTO signal_counts (workspace_id, monitor_key, type_key, family_key, fired_on, signals)
     SELECT workspace_id, k.monitor_key, k.type_key, COALESCE(family, ''), (fired_at AT TIME ZONE 'UTC')::date, count(*)::int
     FROM inserted
     CROSS JOIN LATERAL (VALUES ($2::uuid, $3::varchar), (monitor_id, $3::varchar), ($2::uuid, signal_type), (monitor_id, signal_type)) AS k(monitor_key, type_key)
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
     ON CONFLICT (workspace_id, monitor_key, type_key, family_key, fired_on) DO UPDATE SET signals = signal_counts.signals + EXCLUDED.signals`,
    [JSON.stringify(rows), ALL_MONITORS, ALL_TYPES],
  );
}

/**
 * Fills a signal's webhook fields from its delivery's report, unless the signal already holds
 * a newer one. A report of more attempts is newer, also after a final outcome (a redelivery
 * through the API attempts a delivered or failed delivery again); one of no more attempts is
 * newer only as the final outcome of a pending signal. Scoped to the workspace the report
 * names. False when nothing changed (no such signal, or an older report).
 */
export async function applyDeliveryOutcome(db: Queryable, workspaceId: string, signalId: string, outcome: DeliveryOutcome): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE signals
     SET webhook_delivery_id = $3, delivery_status = $4, response_status = $5, delivery_attempts = $6
     WHERE id = $1 AND workspace_id = $2
       AND (delivery_attempts IS NULL
            OR $6 > delivery_attempts
            OR (delivery_status NOT IN ('delivered', 'failed') AND $7))`,
    [signalId, workspaceId, outcome.webhookDeliveryId, outcome.deliveryStatus, outcome.responseStatus, outcome.attempts, outcome.final],
  );
  return rowCount === 1;
}
