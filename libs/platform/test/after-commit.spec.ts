import type { Pool } from 'pg';
import { afterCommit, createPool, inTransaction } from '../src/database';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { CANONICAL_MIGRATIONS } from './outbox-harness';

describe('afterCommit', () => {
  let database: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    database = await createTestDatabase('platform_after_commit', CANONICAL_MIGRATIONS);
    pool = createPool(database.url, { max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('runs once the transaction committed, after its work, not when the statement ran', async () => {
    const seen: string[] = [];
    await inTransaction(pool, async (client) => {
      await client.query('SELECT 1');
      afterCommit(client, () => seen.push('committed'));
      seen.push('work done');
    });
    expect(seen).toEqual(['work done', 'committed']);
  });

  it('never runs for a transaction that rolled back', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction(pool, async (client) => {
        afterCommit(client, () => seen.push('committed'));
        await client.query('SELECT * FROM no_such_table');
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(seen).toEqual([]);
  });

  it('runs at once on a connection outside a transaction, where each statement commits by itself', () => {
    const seen: string[] = [];
    afterCommit(pool, () => seen.push('now'));
    expect(seen).toEqual(['now']);
  });

  it('leaves a committed transaction committed when a callback throws', async () => {
    const answer = await inTransaction(pool, async (client) => {
      afterCommit(client, () => {
        throw new Error('a broken metric');
      });
      return 'done';
    });
    expect(answer).toBe('done');
  });
});
