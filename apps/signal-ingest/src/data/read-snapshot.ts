import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '@radar/platform/database';

/**
 * Runs several reads on one snapshot (a read-only REPEATABLE READ transaction), so that a total
 * and the page it describes, or a summary's counts, agree even while new signals are recorded.
 */
export function inReadSnapshot<T>(pool: Pool, reads: (db: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (db) => {
    await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return reads(db);
  });
}
