import path from 'node:path';
import type { Pool } from 'pg';
import { createPool, inTransaction } from '../src/database';
import { writeOutboxEvent, type OutboxEvent } from '../src/outbox';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import type { EventSubject } from '@radar/contracts';

/** The canonical outbox and inbox migrations, as every service copies them. */
export const CANONICAL_MIGRATIONS = path.join(__dirname, '../src/outbox/schema/migrations');

/** A database holding the outbox and inbox tables and a `changes` table standing for a service's own data. */
export async function outboxDatabase(): Promise<{ database: TestDatabase; pool: Pool; close(): Promise<void> }> {
  const database = await createTestDatabase('platform_outbox', CANONICAL_MIGRATIONS);
  const pool = createPool(database.url, { max: 8 });
  await pool.query('CREATE TABLE changes (id serial PRIMARY KEY, what text NOT NULL)');
  return {
    database,
    pool,
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

/** One change and the event reporting it, committed together. */
export async function commitChange<S extends EventSubject>(pool: Pool, what: string, event: OutboxEvent<S>): Promise<string> {
  return inTransaction(pool, async (client) => {
    await client.query('INSERT INTO changes (what) VALUES ($1)', [what]);
    return (await writeOutboxEvent(client, event)).id;
  });
}

export interface OutboxRow {
  id: string;
  subject: string;
  published_at: Date | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
}

export async function outboxRow(pool: Pool, id: string): Promise<OutboxRow | undefined> {
  const { rows } = await pool.query<OutboxRow>('SELECT id, subject, published_at, attempts, last_error, next_attempt_at FROM outbox_events WHERE id = $1', [id]);
  return rows[0];
}
