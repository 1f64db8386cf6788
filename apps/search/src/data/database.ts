import { Pool, type PoolClient } from 'pg';

export interface DatabaseOptions {
  max?: number;
  /** Per-statement limit of searches; bulk loads lift it on their own connection. */
  statementTimeoutMs?: number;
}

/** Anything that runs a parameterised statement: the pool or one checked-out client. */
export type Queryable = Pick<Pool, 'query'> | Pick<PoolClient, 'query'>;

/**
 * The search database's connection pool. One pool serves the hand-written search and load SQL
 * and, through the Prisma adapter, the repositories.
 */
export function createSearchPool(databaseUrl: string, options: DatabaseOptions = {}): Pool {
  return new Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    statement_timeout: options.statementTimeoutMs,
    application_name: 'radar-search',
  });
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
