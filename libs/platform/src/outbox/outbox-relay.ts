import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';
import { inTransaction } from '../database';
import { WakeSignal } from '../lifecycle/wake-signal';
import type { Bus } from '../nats';
import { OUTBOX_CHANNEL } from './outbox-tables';
import { publishRetryDelayMs, relayRoundRetryDelayMs } from './retry-delays';
import { CLAIM_FOLLOWERS, CLAIM_HEADS, MARK_PUBLISHED, PRUNE_PUBLISHED, RECORD_FAILURE, type PendingEvent } from './relay-statements';

export interface OutboxRelaySettings {
  /** Heads claimed per round; the rows queued behind them come along, up to as many again. */
  batchSize: number;
  /**
   * The relay wakes on the NOTIFY of each committed write; this poll is the fallback for
   * notifications missed while its listening connection was down, and for rows whose retry
   * came due.
   */
  pollIntervalMs: number;
  /** How long one publish waits for JetStream's acknowledgement. */
  publishTimeoutMs: number;
  /** The longest wait before a row that failed to publish is tried again. */
  maxRetryDelayMs: number;
  /** Published rows are deleted after this long (kept meanwhile for inspection). */
  keepPublishedMs: number;
  pruneIntervalMs: number;
}

export const DEFAULT_OUTBOX_RELAY_SETTINGS: OutboxRelaySettings = {
  batchSize: 500,
  pollIntervalMs: 2_000,
  publishTimeoutMs: 5_000,
  maxRetryDelayMs: 30_000,
  keepPublishedMs: 24 * 60 * 60_000,
  pruneIntervalMs: 10 * 60_000,
};

export interface OutboxRelayDeps {
  pool: Pool;
  bus: Pick<Bus, 'publishRecorded'>;
  logger: Logger;
}

interface RoundOutcome {
  published: number;
  failed: boolean;
}

/**
 * Publishes the outbox's rows to JetStream, each with its row id as msgID, and marks them
 * published in the transaction that claimed them. Every replica of a service runs one:
 * rows are claimed with FOR UPDATE SKIP LOCKED, so two relays never publish the same row at
 * once, and a row waits while an earlier row of its aggregate key is unpublished, so no relay
 * overtakes another within a key. A relay that dies after publishing and before its commit
 * leaves the rows unpublished; they are published again and JetStream drops the repeat
 * (duplicate window, STREAMS in @radar/contracts); consumers stay idempotent for repeats
 * beyond it (runOnce).
 */
export class OutboxRelay {
  private readonly settings: OutboxRelaySettings;
  private readonly signal = new WakeSignal();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private listener: PoolClient | undefined;
  private nextPruneAt = 0;

  constructor(
    private readonly deps: OutboxRelayDeps,
    settings: Partial<OutboxRelaySettings> = {},
  ) {
    this.settings = { ...DEFAULT_OUTBOX_RELAY_SETTINGS, ...settings };
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /** Finishes the round in progress (its transaction commits or rolls back), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.signal.wake();
    await this.loop;
    this.loop = undefined;
    this.dropListener();
  }

  /** Publishes what is due now, round after round, until a round finds nothing or fails; returns how many went out. */
  async publishPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const round = await this.relayRound();
      total += round.published;
      if (round.failed || round.published === 0) return total;
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      await this.listen();
      let round: RoundOutcome;
      try {
        round = await this.relayRound();
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'outbox relay round failed; retrying');
        round = { published: 0, failed: true };
      }
      await this.pruneWhenDue();
      if (round.failed) {
        failures += 1;
        // Writes keep notifying while NATS is down; the back-off ignores them.
        await this.pause(relayRoundRetryDelayMs(failures), false);
      } else {
        failures = 0;
        if (round.published === 0) await this.pause(this.settings.pollIntervalMs, true);
      }
    }
  }

  /**
   * Publishes the claimed rows in waves: the first row of every aggregate key (and each keyless
   * row) at once, then, when their acknowledgements are in, the second row of every key whose
   * first was published, and so on. Within a key the rows go out one after another in position
   * order; a key whose row fails stops there, and its later rows wait for the next round. A wave's
   * publishes leave in one write to the server rather than one write per acknowledgement.
   */
  private async relayRound(): Promise<RoundOutcome> {
    return inTransaction(this.deps.pool, async (client) => {
      const rows = await this.claim(client);
      const published: string[] = [];
      const failures: { row: PendingEvent; error: unknown }[] = [];
      let wave = groupByKey(rows).map((sequence) => ({ sequence, next: 0 }));
      while (wave.length > 0) {
        const outcomes = await Promise.all(
          wave.map(async ({ sequence, next }) => {
            const row = sequence[next]!;
            try {
              await this.publish(row);
              published.push(row.id);
              return true;
            } catch (error) {
              failures.push({ row, error });
              return false;
            }
          }),
        );
        wave = wave.filter((cursor, index) => outcomes[index] && (cursor.next += 1) < cursor.sequence.length);
      }
      for (const { row, error } of failures) await this.recordFailure(client, row, error);
      if (published.length > 0) await client.query(MARK_PUBLISHED, [published]);
      return { published: published.length, failed: failures.length > 0 };
    });
  }

  private async claim(client: PoolClient): Promise<PendingEvent[]> {
    const heads = (await client.query<PendingEvent>(CLAIM_HEADS, [this.settings.batchSize])).rows;
    const keyed = heads.filter((head): head is PendingEvent & { aggregate_key: string } => head.aggregate_key !== null);
    if (keyed.length === 0) return heads;
    const followers = (
      await client.query<PendingEvent>(CLAIM_FOLLOWERS, [
        keyed.map((head) => head.aggregate_key),
        keyed.map((head) => head.position),
        this.settings.batchSize,
      ])
    ).rows;
    return [...heads, ...followers].sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1));
  }

  private async publish(row: PendingEvent): Promise<void> {
    const writer = propagation.extract(ROOT_CONTEXT, row.trace_context ?? {});
    const ack = await context.with(writer, () =>
      this.deps.bus.publishRecorded(row.subject, row.payload, { msgId: row.id, timeoutMs: this.settings.publishTimeoutMs }),
    );
    if (ack.duplicate) this.deps.logger.debug({ id: row.id, subject: row.subject }, 'outbox event was already in its stream');
  }

  private async recordFailure(client: PoolClient, row: PendingEvent, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const retryInMs = publishRetryDelayMs(attempts, this.settings.maxRetryDelayMs);
    const level = attempts >= 10 ? 'error' : 'warn';
    this.deps.logger[level]({ err: error, id: row.id, subject: row.subject, attempts, retryInMs }, 'outbox event not published; will retry');
    const reason = error instanceof Error ? error.message : String(error);
    await client.query(RECORD_FAILURE, [row.id, reason.slice(0, 1_000), retryInMs]);
  }

  private async pruneWhenDue(): Promise<void> {
    if (Date.now() < this.nextPruneAt) return;
    this.nextPruneAt = Date.now() + this.settings.pruneIntervalMs;
    try {
      let removed = 0;
      for (;;) {
        const result = await this.deps.pool.query(PRUNE_PUBLISHED, [this.settings.keepPublishedMs]);
        removed += result.rowCount ?? 0;
        if ((result.rowCount ?? 0) < 1000) break;
      }
      if (removed > 0) this.deps.logger.info({ removed }, 'pruned published outbox events');
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'outbox pruning failed');
    }
  }

  /** Keeps one connection LISTENing for committed writes; without it the relay polls. */
  private async listen(): Promise<void> {
    if (this.listener) return;
    let client: PoolClient | undefined;
    try {
      client = await this.deps.pool.connect();
      const connection = client;
      connection.on('notification', () => this.signal.wake());
      connection.on('error', (error) => {
        this.deps.logger.warn({ err: error }, 'outbox listener connection lost; polling until it is back');
        this.dropListener(error);
      });
      await connection.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.listener = connection;
    } catch (error) {
      client?.release(error instanceof Error ? error : true);
      this.deps.logger.warn({ err: error }, 'outbox relay not listening for writes; polling');
    }
  }

  private dropListener(error?: Error): void {
    const listener = this.listener;
    this.listener = undefined;
    // Destroyed rather than returned to the pool: a pooled connection must not keep LISTENing.
    listener?.release(error ?? true);
  }

  /** Waits `ms`, or less when a write is notified and `wakeOnWrite` is set; a stop always ends it. */
  private async pause(ms: number, wakeOnWrite: boolean): Promise<void> {
    const until = Date.now() + ms;
    do {
      await this.signal.sleep(until - Date.now());
    } while (!wakeOnWrite && !this.stopping && Date.now() < until);
  }
}

/** Rows in position order, split into one sequence per aggregate key; a keyless row is a sequence of its own. */
function groupByKey(rows: readonly PendingEvent[]): PendingEvent[][] {
  const sequences: PendingEvent[][] = [];
  const byKey = new Map<string, PendingEvent[]>();
  for (const row of rows) {
    if (row.aggregate_key === null) {
      sequences.push([row]);
      continue;
    }
    let sequence = byKey.get(row.aggregate_key);
    if (!sequence) {
      sequence = [];
      byKey.set(row.aggregate_key, sequence);
      sequences.push(sequence);
    }
    sequence.push(row);
  }
  return sequences;
}
