import { DatabaseError, Pool, type ClientBase, type PoolClient } from 'pg';

export interface PoolOptions {
  max?: number;
  /** Per-statement limit; a statement that runs longer is cancelled (the caller answers 503). */
  statementTimeoutMs?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /** Session settings sent at connect, e.g. `-c jit=off`. */
  sessionOptions?: string;
  /** Told when an idle connection breaks (database restart, dropped database). */
  onIdleConnectionError?: (error: Error) => void;
}

/** Anything that runs a parameterised statement: the pool or one checked-out client. */
export type Queryable = Pick<Pool, 'query'> | Pick<PoolClient, 'query'>;

/**
 * A service's one connection pool: its Prisma client (through the pg adapter) and its
 * hand-written SQL share it.
 */
export function createPool(databaseUrl: string, options: PoolOptions = {}): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    statement_timeout: options.statementTimeoutMs,
    application_name: options.applicationName,
    options: options.sessionOptions,
  });
  // Without a listener, an idle connection broken by a database restart would crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  return pool;
}

/**
 * Whether a statement failed on a unique constraint (SQLSTATE 23505): the database decided that
 * another writer got there first, and the caller answers with what that writer wrote.
 */
export const isUniqueViolation = (error: unknown): boolean => error instanceof DatabaseError && error.code === '23505';

/** What runs once the transaction of a connection commits (see afterCommit). */
const commitCallbacks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `callback` once what the connection wrote is committed: at the commit of the
 * `inTransaction` it belongs to (never, if that rolls back), or at once on a connection outside
 * one (each statement commits by itself). For effects that must not count a change twice
 * when its transaction fails and is retried: a metric, a notification.
 */
export function afterCommit(connection: Queryable, callback: () => void): void {
  const pending = commitCallbacks.get(connection);
  if (pending) pending.push(callback);
  else callback();
}

/** Runs `work` in one transaction on a connection of the pool; any failure rolls it back. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection that breaks while the transaction waits between statements (e.g. on a
  // publish) says so with an 'error' event, which unheard would crash the process; heard, the
  // next statement fails instead and the broken connection leaves the pool.
  let broken: Error | undefined;
  const onBroken = (error: Error) => {
    broken = error;
  };
  client.on('error', onBroken);
  try {
    return await inTransactionOn(client, work);
  } finally {
    client.off('error', onBroken);
    client.release(broken);
  }
}

/**
 * Runs `work` in one transaction on a connection the caller keeps across transactions (one
 * that holds a session lock, or one of several writers fed in turn); any failure rolls it back.
 * `afterCommit` callbacks run once it committed, as with `inTransaction`.
 */
export async function inTransactionOn<Connection extends ClientBase, T>(connection: Connection, work: (client: Connection) => Promise<T>): Promise<T> {
  const onCommit: (() => void)[] = [];
  commitCallbacks.set(connection, onCommit);
  let result: T;
  try {
    await connection.query('BEGIN');
    result = await work(connection);
    await connection.query('COMMIT');
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    commitCallbacks.delete(connection);
  }
  for (const callback of onCommit) {
    try {
      callback();
    } catch {
      // The change is committed: a failing callback must not make the caller believe otherwise.
    }
  }
  return result;
}
