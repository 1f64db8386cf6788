import type { PoolClient } from 'pg';

/** The raw-SQL side of a Prisma interactive transaction's client (`prisma.$transaction(async (tx) => ...)`). */
export interface PrismaRawSql {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

/**
 * The connection of an open transaction: pg's client inside `inTransaction` from
 * @radar/platform/database, or a Prisma transaction client. Statements run on it commit or
 * roll back with the caller's own changes.
 */
export type TransactionConnection = Pick<PoolClient, 'query'> | PrismaRawSql;

/** Runs one statement on the transaction and returns how many rows it affected or returned. */
export async function execute(connection: TransactionConnection, sql: string, values: unknown[]): Promise<number> {
  if ('$executeRawUnsafe' in connection) return connection.$executeRawUnsafe(sql, ...values);
  const result = await connection.query(sql, values);
  return result.rowCount ?? 0;
}
