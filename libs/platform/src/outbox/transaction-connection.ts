import type { PoolClient } from 'pg';

/**
 * The connection of an open transaction (pg's client inside `inTransaction` from
 * @radar/platform/database): statements run on it commit or roll back with the caller's own changes.
 */
export type TransactionConnection = Pick<PoolClient, 'query'>;

/** Runs one statement on the transaction and returns how many rows it affected or returned. */
export async function execute(connection: TransactionConnection, sql: string, values: unknown[]): Promise<number> {
  const result = await connection.query(sql, values);
  return result.rowCount ?? 0;
}
