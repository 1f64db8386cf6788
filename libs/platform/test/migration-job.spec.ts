import { Router } from 'express';
import { z } from 'zod';
import { dropDatabase, ensureDatabase, pendingMigrations } from '../src/prisma';
import { defineService, migrateService, startService, type StartedService } from '../src/service';
import { testInfrastructure, uniqueSuffix } from '../src/testing';
import { CANONICAL_MIGRATIONS } from './outbox-harness';

/** A service with the ledger's catalogue entry (its database variable) and the outbox migrations. */
const withMigrations = defineService({
  name: 'ledger',
  config: z.object({}),
  nats: false,
  database: { migrationsDir: CANONICAL_MIGRATIONS },
  async wire() {
    return { deps: {}, http: [{ routes: Router() }] };
  },
});

function freshDatabaseUrl(): string {
  const url = new URL(testInfrastructure.postgresUrl);
  url.pathname = `/radar_test_platform_migration_job_${uniqueSuffix()}`;
  return url.toString();
}

describe('a migration Job and the services that wait for it', () => {
  const databaseUrl = freshDatabaseUrl();
  const environment = { LOG_LEVEL: 'silent', LEDGER_DATABASE_URL: databaseUrl, LEDGER_PORT: '0', RUN_MIGRATIONS: 'false' };
  let started: StartedService<object, object> | undefined;
  afterAll(async () => {
    await started?.stop();
    await dropDatabase(databaseUrl);
  });

  it('fails a start that waits longer than MIGRATIONS_WAIT_MS, saying why: no database yet, then the missing migrations', async () => {
    const impatient = { ...environment, MIGRATIONS_WAIT_MS: '300' };
    await expect(startService(withMigrations, impatient)).rejects.toThrow(/Migrations not applied after 300 ms: \(database unreachable: .*does not exist\)/);
    await ensureDatabase(databaseUrl);
    await expect(startService(withMigrations, impatient)).rejects.toThrow(/Migrations not applied after 300 ms: 0001_outbox, 0002_inbox, 0003_outbox_unpublished_index$/);
  });

  it('holds a start with RUN_MIGRATIONS=false until the migration run applied everything, then serves', async () => {
    let ready = false;
    const starting = startService(withMigrations, environment).then((service) => {
      ready = true;
      return service;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ready).toBe(false);

    const result = await migrateService(withMigrations, { LOG_LEVEL: 'silent', LEDGER_DATABASE_URL: databaseUrl });
    expect(result.applied).toEqual(['0001_outbox', '0002_inbox', '0003_outbox_unpublished_index']);
    started = await starting;
    expect((await fetch(`${started.urls.main}/readyz`)).status).toBe(200);
    expect(await pendingMigrations(databaseUrl, CANONICAL_MIGRATIONS)).toEqual([]);
  });

  it('applies nothing the second time', async () => {
    const again = await migrateService(withMigrations, { LOG_LEVEL: 'silent', LEDGER_DATABASE_URL: databaseUrl });
    expect(again).toEqual({ applied: [], alreadyApplied: ['0001_outbox', '0002_inbox', '0003_outbox_unpublished_index'] });
  });

  it('refuses to run without the database URL, naming the variable', async () => {
    await expect(migrateService(withMigrations, { LOG_LEVEL: 'silent' })).rejects.toThrow(/LEDGER_DATABASE_URL/);
  });
});
