import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { inTransactionOn } from '../database';

/** Prisma Migrate's own lock key, so this runner and `prisma migrate deploy` exclude each other. */
const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

async function readMigrations(migrationsDir: string): Promise<{ name: string; sql: string; checksum: string }[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * Applies committed Prisma migrations (prisma/migrations/<name>/migration.sql) in order and
 * records them in `_prisma_migrations` exactly as Prisma Migrate does (same table, checksums
 * and lock), because Prisma's schema engine cannot run on every machine.
 */
export async function applyMigrations(databaseUrl: string, migrationsDir: string): Promise<MigrationResult> {
  const migrations = await readMigrations(migrationsDir);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row]));
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum differs)`);
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      if (previous) throw new Error(`Migration ${migration.name} failed earlier and needs manual resolution`);
      const id = randomUUID();
      try {
        // On the session that holds the migration lock: the migration and its row commit together.
        await inTransactionOn(client, async (db) => {
          await db.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())', [
            id,
            migration.checksum,
            migration.name,
          ]);
          await db.query(migration.sql);
          await db.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
        });
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
}

function adminUrlFor(databaseUrl: string): { adminUrl: string; database: string } {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  return { adminUrl: url.toString(), database };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const { adminUrl, database } = adminUrlFor(databaseUrl);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${quoteIdentifier(database)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently by another replica
      });
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const { adminUrl, database } = adminUrlFor(databaseUrl);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * The committed migrations not (or not successfully) applied to the database yet, in order: all
 * of them when its migrations table does not exist yet. A service that does not migrate itself
 * (RUN_MIGRATIONS=false: a migration Job does) waits until none is left.
 */
export async function pendingMigrations(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const migrations = await readMigrations(migrationsDir);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: table } = await client.query<{ present: boolean }>("SELECT to_regclass('\"_prisma_migrations\"') IS NOT NULL AS present");
    if (!table[0]?.present) return migrations.map((migration) => migration.name);
    const { rows } = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL',
    );
    const applied = new Set(rows.map((row) => row.migration_name));
    return migrations.filter((migration) => !applied.has(migration.name)).map((migration) => migration.name);
  } finally {
    await client.end();
  }
}

/** Start-up step of a service: create its database if needed and apply its committed migrations. */
export async function prepareDatabase(databaseUrl: string, migrationsDir: string): Promise<MigrationResult> {
  await ensureDatabase(databaseUrl);
  return applyMigrations(databaseUrl, migrationsDir);
}
