import type { Pool, PoolClient } from 'pg';
import type { EventPayload, SignalType } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents } from '@radar/platform/outbox';
import { settleRunIfDone, type RunRecord } from './run.repository';

/** A check waiting to be charged, in its run's order. */
export interface QueuedCheck {
  id: string;
  position: number;
  domain: string;
  signalType: SignalType;
}

/** A failed check whose charge is still to be returned. */
export interface UnrefundedCheck {
  id: string;
  runId: string;
  monitorId: string;
  workspaceId: string;
  runDate: string;
  domain: string;
  signalType: SignalType;
}

export type CheckRequest = EventPayload<'signal.check.requested'>;
export type CheckCompletion = EventPayload<'signal.check.completed'>;

/** A run that still has checks to charge. */
export interface RunToDispatch {
  id: string;
  monitorId: string;
  workspaceId: string;
  runDate: string;
}

/**
 * The run engine's writes: each moves checks between states and keeps the run's counters in
 * step in the same transaction (a check leaves `checks_open` exactly once), ending the run when
 * the last one settles. Every transition is conditional on the state it leaves, so a
 * redelivered message or a repeated sweep changes nothing twice.
 */
export class CheckProgressRepository {
  constructor(private readonly pool: Pool) {}

  /** Running runs with checks not yet charged (a run cut short by a restart), oldest first. */
  async runsToDispatch(): Promise<RunToDispatch[]> {
    const { rows } = await this.pool.query<{ id: string; monitor_id: string; workspace_id: string; run_day: string }>(
      `SELECT r.id, r.monitor_id, r.workspace_id, r.run_date::text AS run_day FROM monitor_runs r
       WHERE r.status = 'running' AND EXISTS (SELECT 1 FROM run_checks c WHERE c.run_id = r.id AND c.status = 'queued')
       ORDER BY r.started_at, r.id`,
    );
    return rows.map((row) => ({ id: row.id, monitorId: row.monitor_id, workspaceId: row.workspace_id, runDate: row.run_day }));
  }

  async queued(runId: string, limit: number): Promise<QueuedCheck[]> {
    const { rows } = await this.pool.query<{ id: string; position: number; domain: string; signal_type: SignalType }>(
      "SELECT id, position, domain, signal_type FROM run_checks WHERE run_id = $1 AND status = 'queued' ORDER BY position LIMIT $2",
      [runId, limit],
    );
    return rows.map((row) => ({ id: row.id, position: row.position, domain: row.domain, signalType: row.signal_type }));
  }

  /**
   * Charged checks become `requested`, and their `signal.check.requested` events go to the
   * outbox in the same transaction: a check is asked of signal-ingest if and only if it is
   * recorded as charged.
   */
  async markRequested(runId: string, requests: readonly CheckRequest[], at: Date): Promise<void> {
    if (requests.length === 0) return;
    await inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `UPDATE run_checks SET status = 'requested', credit_charged = true, requested_at = $3
         WHERE run_id = $1 AND id = ANY($2::uuid[]) AND status = 'queued' RETURNING id`,
        [runId, requests.map((request) => request.checkId), at],
      );
      if (rows.length === 0) return;
      await client.query('UPDATE monitor_runs SET credits_charged = credits_charged + $2 WHERE id = $1', [runId, rows.length]);
      const marked = new Set(rows.map((row) => row.id));
      await writeOutboxEvents(
        client,
        requests
          .filter((request) => marked.has(request.checkId))
          .map((request) => ({ subject: 'signal.check.requested' as const, payload: request })),
      );
    });
  }

  /**
   * Credits ran out: every check of the run not charged yet is `skipped_credits` (never
   * charged), and the monitor, if still active, pauses as `paused_no_credits`.
   */
  async skipForCredits(runId: string, monitorId: string, describe: (skipped: number) => string, at: Date): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        "UPDATE run_checks SET status = 'skipped_credits', completed_at = $2 WHERE run_id = $1 AND status = 'queued'",
        [runId, at],
      );
      const skipped = rowCount ?? 0;
      if (skipped > 0) {
        await client.query(
          'UPDATE monitor_runs SET domains_skipped_credits = domains_skipped_credits + $2, checks_open = checks_open - $2 WHERE id = $1',
          [runId, skipped],
        );
        await client.query(
          "UPDATE monitors SET status = 'paused_no_credits', last_error = $2, updated_at = $3 WHERE id = $1 AND status = 'active'",
          [monitorId, describe(skipped), at],
        );
      }
      await settleRunIfDone(client, runId, at);
      return skipped;
    });
  }

  /**
   * signal-ingest's answers, many in one transaction. A success settles its check; a failure
   * counts as failed at once and settles when its refund is recorded. An answer for a check that
   * is no longer waiting (deadline passed, redelivery) changes nothing. Runs are updated in id
   * order, so concurrent batches wait for each other instead of deadlocking.
   */
  async recordAnswers(completions: readonly CheckCompletion[], at: Date): Promise<void> {
    const answers = [...new Map(completions.map((completion) => [completion.checkId, completion])).values()];
    if (answers.length === 0) return;
    await inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ run_id: string; status: CheckCompletion['status']; pushed: number }>(
        `UPDATE run_checks c SET status = a.status, error_code = a.error_code, items_fetched = a.fetched, items_new = a.fresh,
                items_pushed = a.pushed, started_at = a.started, completed_at = a.completed
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::timestamptz[], $8::timestamptz[])
              AS a(id, status, error_code, fetched, fresh, pushed, started, completed)
         WHERE c.id = a.id AND c.status = 'requested'
         RETURNING c.run_id, a.status, a.pushed`,
        [
          answers.map((answer) => answer.checkId),
          answers.map((answer) => answer.status),
          answers.map((answer) => (answer.status === 'success' ? null : answer.errorCode)),
          answers.map((answer) => answer.itemsFetched),
          answers.map((answer) => answer.itemsNew),
          answers.map((answer) => answer.itemsPushed),
          answers.map((answer) => answer.startedAt),
          answers.map((answer) => answer.completedAt),
        ],
      );
      const perRun = new Map<string, { processed: number; failed: number; pushed: number }>();
      for (const row of rows) {
        const counts = perRun.get(row.run_id) ?? { processed: 0, failed: 0, pushed: 0 };
        if (row.status === 'success') {
          counts.processed += 1;
          counts.pushed += row.pushed;
        } else {
          counts.failed += 1;
        }
        perRun.set(row.run_id, counts);
      }
      for (const runId of [...perRun.keys()].sort()) {
        const counts = perRun.get(runId)!;
        await client.query(
          `UPDATE monitor_runs SET domains_processed = domains_processed + $2, domains_failed = domains_failed + $3,
                  new_items_total = new_items_total + $4, checks_open = checks_open - $2 WHERE id = $1`,
          [runId, counts.processed, counts.failed, counts.pushed],
        );
        if (counts.processed > 0) await settleRunIfDone(client, runId, at);
      }
    });
  }

  /**
   * Checks asked of signal-ingest before `cutoff` and never answered become `error_other`
   * (CHECK_DEADLINE_EXCEEDED); their refunds follow. Answers them as refunds to make.
   */
  async expireOverdue(cutoff: Date, at: Date, limit: number): Promise<UnrefundedCheck[]> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ run_id: string }>(
        `UPDATE run_checks SET status = 'error_other', error_code = 'CHECK_DEADLINE_EXCEEDED', started_at = requested_at, completed_at = $2
         WHERE id IN (SELECT id FROM run_checks WHERE status = 'requested' AND requested_at < $1 ORDER BY requested_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING run_id`,
        [cutoff, at, limit],
      );
      const perRun = new Map<string, number>();
      for (const row of rows) perRun.set(row.run_id, (perRun.get(row.run_id) ?? 0) + 1);
      for (const [runId, failed] of perRun) {
        await client.query('UPDATE monitor_runs SET domains_failed = domains_failed + $2 WHERE id = $1', [runId, failed]);
      }
      return rows.length > 0 ? this.unrefundedIn(client, [...perRun.keys()]) : [];
    });
  }

  /** Failed checks whose refund is not recorded yet (a refund interrupted by a restart or a ledger outage). */
  async unrefunded(completedBefore: Date, limit: number): Promise<UnrefundedCheck[]> {
    const { rows } = await this.pool.query<UnrefundedRow>(
      `${UNREFUNDED_SELECT} WHERE c.status IN ('error_pl', 'error_other') AND NOT c.credit_refunded AND c.completed_at < $1
       ORDER BY c.completed_at LIMIT $2`,
      [completedBefore, limit],
    );
    return rows.map(toUnrefunded);
  }

  async unrefundedCheck(checkId: string): Promise<UnrefundedCheck | undefined> {
    const { rows } = await this.pool.query<UnrefundedRow>(
      `${UNREFUNDED_SELECT} WHERE c.id = $1 AND c.status IN ('error_pl', 'error_other') AND NOT c.credit_refunded`,
      [checkId],
    );
    return rows[0] ? toUnrefunded(rows[0]) : undefined;
  }

  /** The refund is in the ledger: the failed check settles, and with it perhaps the run. */
  async recordRefund(checkId: string, at: Date): Promise<RunRecord | undefined> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ run_id: string }>(
        `UPDATE run_checks SET credit_refunded = true
         WHERE id = $1 AND status IN ('error_pl', 'error_other') AND credit_charged AND NOT credit_refunded RETURNING run_id`,
        [checkId],
      );
      const runId = rows[0]?.run_id;
      if (!runId) return undefined;
      await client.query('UPDATE monitor_runs SET credits_refunded = credits_refunded + 1, checks_open = checks_open - 1 WHERE id = $1', [runId]);
      return settleRunIfDone(client, runId, at);
    });
  }

  private async unrefundedIn(client: PoolClient, runIds: string[]): Promise<UnrefundedCheck[]> {
    const { rows } = await client.query<UnrefundedRow>(
      `${UNREFUNDED_SELECT} WHERE c.run_id = ANY($1::uuid[]) AND c.status IN ('error_pl', 'error_other') AND NOT c.credit_refunded`,
      [runIds],
    );
    return rows.map(toUnrefunded);
  }
}

interface UnrefundedRow {
  id: string;
  run_id: string;
  monitor_id: string;
  workspace_id: string;
  run_day: string;
  domain: string;
  signal_type: SignalType;
}

const UNREFUNDED_SELECT = `SELECT c.id, c.run_id, r.monitor_id, r.workspace_id, r.run_date::text AS run_day, c.domain, c.signal_type
  FROM run_checks c JOIN monitor_runs r ON r.id = c.run_id`;

const toUnrefunded = (row: UnrefundedRow): UnrefundedCheck => ({
  id: row.id,
  runId: row.run_id,
  monitorId: row.monitor_id,
  workspaceId: row.workspace_id,
  runDate: row.run_day,
  domain: row.domain,
  signalType: row.signal_type,
});
