import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations, dropDatabase, ensureDatabase } from '../src/prisma';
import { testInfrastructure, uniqueSuffix } from '../src/testing';

const INIT = '20260101000000_init';
const ADD_COLUMN = '20260102000000_add_plan';
const SEED = '20260103000000_seed';

const SQL: Record<string, string> = {
  [INIT]: 'CREATE TABLE "workspace" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL);\n',
  // Depends on INIT: it fails unless the migrations run in name order.
  [ADD_COLUMN]: 'ALTER TABLE "workspace" ADD COLUMN "plan" TEXT NOT NULL DEFAULT \'free\';\n',
  [SEED]: 'INSERT INTO "workspace" ("id", "name") VALUES (\'w1\', \'Acme\');\n',
};

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<string> {
  const url = new URL(testInfrastructure.postgresUrl);
  url.pathname = `/radar_test_platform_migrations_${uniqueSuffix()}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  cleanups.push(() => dropDatabase(databaseUrl));
  return databaseUrl;
}

/** A Prisma-layout migrations folder: <dir>/<name>/migration.sql. */
async function migrationsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'radar-migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function writeMigration(dir: string, name: string, sql: string): Promise<void> {
  await mkdir(path.join(dir, name), { recursive: true });
  await writeFile(path.join(dir, name, 'migration.sql'), sql);
}

async function query<T extends object>(databaseUrl: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const recorded = (databaseUrl: string) =>
  query<MigrationRow>(
    databaseUrl,
    'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM "_prisma_migrations" ORDER BY started_at, migration_name',
  );

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('applyMigrations', () => {
  it('applies the migrations in name order and records each as Prisma Migrate does', async () => {
    const databaseUrl = await freshDatabase();
    const dir = await migrationsDir();
    // Written out of order on purpose: the runner must sort by name.
    for (const name of [SEED, ADD_COLUMN, INIT]) await writeMigration(dir, name, SQL[name] as string);

    const result = await applyMigrations(databaseUrl, dir);

    expect(result).toEqual({ applied: [INIT, ADD_COLUMN, SEED], alreadyApplied: [] });
    expect(await query(databaseUrl, 'SELECT id, name, plan FROM workspace')).toEqual([{ id: 'w1', name: 'Acme', plan: 'free' }]);
    const rows = await recorded(databaseUrl);
    expect(rows.map((row) => row.migration_name).sort()).toEqual([INIT, ADD_COLUMN, SEED]);
    for (const row of rows) {
      expect(row.checksum).toBe(sha256(SQL[row.migration_name] as string));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it('applies nothing when run again, and only the new migration once one is added', async () => {
    const databaseUrl = await freshDatabase();
    const dir = await migrationsDir();
    await writeMigration(dir, INIT, SQL[INIT] as string);
    await writeMigration(dir, ADD_COLUMN, SQL[ADD_COLUMN] as string);
    await applyMigrations(databaseUrl, dir);

    expect(await applyMigrations(databaseUrl, dir)).toEqual({ applied: [], alreadyApplied: [INIT, ADD_COLUMN] });
    expect(await recorded(databaseUrl)).toHaveLength(2);

    await writeMigration(dir, SEED, SQL[SEED] as string);
    expect(await applyMigrations(databaseUrl, dir)).toEqual({ applied: [SEED], alreadyApplied: [INIT, ADD_COLUMN] });
    expect(await query(databaseUrl, 'SELECT count(*)::int AS n FROM workspace')).toEqual([{ n: 1 }]);
  });

  it('refuses a migration that was changed after it was applied, and applies nothing after it', async () => {
    const databaseUrl = await freshDatabase();
    const dir = await migrationsDir();
    await writeMigration(dir, INIT, SQL[INIT] as string);
    await applyMigrations(databaseUrl, dir);

    await writeMigration(dir, INIT, 'CREATE TABLE "workspace" ("id" TEXT PRIMARY KEY);\n');
    await writeMigration(dir, SEED, 'CREATE TABLE "later" ("id" INT);\n');
    await expect(applyMigrations(databaseUrl, dir)).rejects.toThrow(`Migration ${INIT} was changed after it was applied`);

    expect((await recorded(databaseUrl)).map((row) => row.migration_name)).toEqual([INIT]);
    expect(await query(databaseUrl, "SELECT to_regclass('later') AS later")).toEqual([{ later: null }]);
  });

  it('rolls a failing migration back entirely, names it, and applies it once it is fixed', async () => {
    const databaseUrl = await freshDatabase();
    const dir = await migrationsDir();
    await writeMigration(dir, INIT, SQL[INIT] as string);
    await writeMigration(dir, ADD_COLUMN, 'CREATE TABLE "half_done" ("id" INT);\nALTER TABLE "no_such_table" ADD COLUMN "x" INT;\n');
    await writeMigration(dir, SEED, SQL[SEED] as string);

    const failure = await applyMigrations(databaseUrl, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(new RegExp(`^Migration ${ADD_COLUMN} failed: .*no_such_table`));

    expect((await recorded(databaseUrl)).map((row) => row.migration_name)).toEqual([INIT]);
    expect(await query(databaseUrl, "SELECT to_regclass('half_done') AS half_done")).toEqual([{ half_done: null }]);
    expect(await query(databaseUrl, 'SELECT count(*)::int AS n FROM workspace')).toEqual([{ n: 0 }]);

    await writeMigration(dir, ADD_COLUMN, SQL[ADD_COLUMN] as string);
    expect(await applyMigrations(databaseUrl, dir)).toEqual({ applied: [ADD_COLUMN, SEED], alreadyApplied: [INIT] });
  });

  it('applies each migration exactly once when two runners start together on one database', async () => {
    const databaseUrl = await freshDatabase();
    const dir = await migrationsDir();
    // Not idempotent: a second application would fail on the duplicate table or key.
    for (const name of [INIT, ADD_COLUMN, SEED]) await writeMigration(dir, name, SQL[name] as string);

    const results = await Promise.all([applyMigrations(databaseUrl, dir), applyMigrations(databaseUrl, dir)]);

    // The advisory lock serialises the runners: one applies everything, the other then finds it all done.
    expect(results).toEqual(
      expect.arrayContaining([
        { applied: [INIT, ADD_COLUMN, SEED], alreadyApplied: [] },
        { applied: [], alreadyApplied: [INIT, ADD_COLUMN, SEED] },
      ]),
    );
    expect((await recorded(databaseUrl)).map((row) => row.migration_name).sort()).toEqual([INIT, ADD_COLUMN, SEED]);
    expect(await query(databaseUrl, 'SELECT count(*)::int AS n FROM workspace')).toEqual([{ n: 1 }]);
  });
});

describe('ensureDatabase and dropDatabase', () => {
  it('creates a missing database, tolerates an existing one, and drops it', async () => {
    const url = new URL(testInfrastructure.postgresUrl);
    const name = `radar_test_platform_ensure_${uniqueSuffix()}`;
    url.pathname = `/${name}`;
    const exists = async () =>
      (await query<{ n: number }>(testInfrastructure.postgresUrl, `SELECT count(*)::int AS n FROM pg_database WHERE datname = '${name}'`))[0]?.n;

    await ensureDatabase(url.toString());
    cleanups.push(() => dropDatabase(url.toString()));
    await ensureDatabase(url.toString());
    expect(await exists()).toBe(1);

    await dropDatabase(url.toString());
    expect(await exists()).toBe(0);
  });
});
