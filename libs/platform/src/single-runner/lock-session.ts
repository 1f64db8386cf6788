import { Client, type Pool, type PoolClient } from 'pg';

/** Where a lock session takes its connection: one checked out of the service's pool, or one of its own. */
export type LockConnectionSource = { pool: Pool } | { databaseUrl: string };

/**
 * How soon PostgreSQL drops the session (and so the lock) of a holder whose machine vanished
 * without closing its socket: idle 20 s, then 3 probes 10 s apart, about 50 s. A holder that
 * merely crashed closes its socket and frees the lock at once.
 */
const SERVER_KEEPALIVE_SETTINGS = ['tcp_keepalives_idle', 'tcp_keepalives_interval', 'tcp_keepalives_count'] as const;
const SERVER_KEEPALIVE_VALUES = ['20', '10', '3'] as const;

/**
 * One dedicated PostgreSQL session that holds advisory locks. Its signal aborts as soon as the
 * session is known to be gone (the connection errored or ended, or a heartbeat failed or went
 * unanswered) or it is closed: from then on the server no longer holds the lock for us.
 */
export class LockSession {
  private readonly controller = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  private constructor(
    private readonly client: Client | PoolClient,
    private readonly pooled: boolean,
    /** Also the longest wait for any answer: a connection silent for longer counts as lost. */
    private readonly heartbeatMs: number,
  ) {
    client.on('error', this.onConnectionLost);
    client.on('end', this.onConnectionLost);
    this.heartbeat = setInterval(() => void this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  static async open(source: LockConnectionSource, heartbeatMs: number): Promise<LockSession> {
    let client: Client | PoolClient;
    if ('pool' in source) {
      client = await source.pool.connect();
    } else {
      client = new Client({ connectionString: source.databaseUrl, keepAlive: true, application_name: 'radar-single-runner' });
      await client.connect();
    }
    const session = new LockSession(client, 'pool' in source, heartbeatMs);
    try {
      await client.query(
        `SELECT ${SERVER_KEEPALIVE_SETTINGS.map((name, i) => `set_config('${name}', $${i + 1}, false)`).join(', ')}`,
        [...SERVER_KEEPALIVE_VALUES],
      );
    } catch (error) {
      await session.close(undefined);
      throw error;
    }
    return session;
  }

  /** Aborts when the session no longer holds its locks for us. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Takes the lock without waiting; false when another session holds it. */
  async tryLock(key: string): Promise<boolean> {
    const { rows } = await this.answered(this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]));
    return rows[0]?.locked === true;
  }

  /**
   * Releases `heldKey` (when given) and gives the connection back. A pooled connection whose
   * unlock did not succeed is destroyed rather than returned, so no lock outlives the job in a
   * connection the pool hands to someone else.
   */
  async close(heldKey: string | undefined): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    const alive = !this.controller.signal.aborted;
    this.controller.abort(new Error('lock session closed'));
    let clean = alive;
    if (alive) {
      try {
        if (heldKey !== undefined) {
          const { rows } = await this.answered(
            this.client.query<{ unlocked: boolean }>('SELECT pg_advisory_unlock($1::bigint) AS unlocked', [heldKey]),
          );
          clean = rows[0]?.unlocked === true;
        }
        if (clean && this.pooled) await this.answered(this.client.query(SERVER_KEEPALIVE_SETTINGS.map((name) => `RESET ${name}`).join('; ')));
      } catch {
        clean = false;
      }
    }
    this.client.off('end', this.onConnectionLost);
    if (this.pooled) {
      // An 'error' after release belongs to the pool's own listener; ours stays until then so a late one cannot crash the process.
      (this.client as PoolClient).release(clean ? undefined : true);
      this.client.off('error', this.onConnectionLost);
    } else {
      await this.answered((this.client as Client).end()).catch(() => undefined);
      this.client.off('error', this.onConnectionLost);
    }
  }

  private readonly onConnectionLost = (error?: Error): void => {
    if (!this.controller.signal.aborted) this.controller.abort(error ?? new Error('lock connection ended'));
  };

  /**
   * A connection whose peer vanished answers nothing until TCP gives up (many minutes). The
   * heartbeat notices within two periods, well before the server's keepalive frees the lock for
   * another replica, so this holder stops first.
   */
  private async beat(): Promise<void> {
    if (this.closed || this.controller.signal.aborted) return;
    await this.answered(this.client.query('SELECT 1')).catch((error: Error) => this.onConnectionLost(error));
  }

  /**
   * `pending`, or a rejection once the connection has been silent for a heartbeat period. A
   * silent connection counts as lost from then on: whatever it later does on the server (even
   * take the lock asked for) dies with it, because it is destroyed, never reused.
   */
  private async answered<T>(pending: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`lock connection did not answer within ${this.heartbeatMs} ms`);
        this.onConnectionLost(error);
        reject(error);
      }, this.heartbeatMs);
    });
    try {
      return await Promise.race([pending, silence]);
    } finally {
      clearTimeout(timer);
    }
  }
}
