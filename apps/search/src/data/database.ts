import { Pool, type PoolClient } from 'pg';

export interface DatabaseOptions {
  max?: number;
  /** Per-statement limit of searches; bulk loads lift it on their own connection. */
  statementTimeoutMs?: number;
  /** Told when an idle connection breaks (database restart, dropped database). */
  onIdleConnectionError?: (error: Error) => void;
}

/** Anything that runs a parameterised statement: the pool or one checked-out client. */
export type Queryable = Pick<Pool, 'query'> | Pick<PoolClient, 'query'>;

/**
 * Session settings of every search connection. JIT compilation pays off for long analytic
 * queries, not here: at a million rows the planner's costs pass jit_above_cost on ordinary
 * facet and count queries, and compiling took 100-150 ms of a 50 ms budget. The larger
 * work_mem keeps a materialised match set and its facet aggregation in memory.
 */
const SESSION_OPTIONS = '-c jit=off -c work_mem=32MB';

/**
 * The search database's connection pool. One pool serves the hand-written search and load SQL
 * and, through the Prisma adapter, the repositories.
 */
export function createSearchPool(databaseUrl: string, options: DatabaseOptions = {}): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    statement_timeout: options.statementTimeoutMs,
    application_name: 'radar-search',
    options: SESSION_OPTIONS,
  });
  // Without a listener, an idle connection broken by a database restart would crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  return pool;
}

/** Runs `work` in one transaction on one connection. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
