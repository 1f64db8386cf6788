import type { Pool, PoolClient } from 'pg';
import { CURRENT_DATA_VERSION } from './facet-summaries';

/**
 * Runs `read` on a connection of its own in one REPEATABLE READ, READ ONLY transaction without
 * the pool's statement limit, then rolls it back: every statement of `read` sees the same
 * snapshot, however long reading every company takes.
 */
export async function inReadSnapshot<T>(pool: Pool, read: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL statement_timeout = 0');
    const result = await read(client);
    await client.query('ROLLBACK');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Hands every row of `select` to `take`, in its order, through a cursor of the snapshot's
 * transaction: `batch` rows per round trip, each row an array of its columns (a million objects
 * fewer to collect).
 */
export async function forEachRowOf<Row extends unknown[]>(client: PoolClient, select: string, batch: number, take: (row: Row) => void): Promise<void> {
  await client.query(`DECLARE snapshot_rows NO SCROLL CURSOR FOR ${select}`);
  for (;;) {
    const { rows } = await client.query<Row>({ text: `FETCH ${batch} FROM snapshot_rows`, rowMode: 'array' });
    if (rows.length === 0) return;
    for (const row of rows) take(row);
  }
}

/** Columns that take every company, in id order, one row at a time. */
export interface SnapshotColumns<Row> {
  append(row: Row): void;
  /** True once every company counted in the snapshot was appended. */
  readonly complete: boolean;
}

/**
 * Columns of every company read in one snapshot, when `usableSql` holds at its data version
 * (e.g. the structures the columns are read with were built at it); undefined otherwise.
 * `rowsSql` lists the companies in id order.
 */
export async function readCompanySnapshot<Row extends unknown[], Columns extends SnapshotColumns<Row>>(
  pool: Pool,
  statements: { usableSql: string; rowsSql: string; batch: number },
  create: (version: string, companies: number) => Columns,
): Promise<Columns | undefined> {
  return inReadSnapshot(pool, async (client) => {
    const { rows } = await client.query<{ current: string; companies: number; usable: boolean }>(
      `SELECT ${CURRENT_DATA_VERSION}::text AS current, (SELECT count(*)::int FROM companies) AS companies, ${statements.usableSql} AS usable`,
    );
    const state = rows[0];
    if (!state?.usable) return undefined;
    const columns = create(state.current, state.companies);
    await forEachRowOf<Row>(client, statements.rowsSql, statements.batch, (row) => columns.append(row));
    if (!columns.complete) throw new Error('fewer companies read than counted in the same snapshot');
    return columns;
  });
}
