import type { Logger } from 'pino';
import { pendingMigrations } from './migrations';

const POLL_MS = 2_000;

/**
 * Waits until every committed migration is applied (by the migration Job of a deployment, while
 * the service itself runs with RUN_MIGRATIONS=false), so a new version never serves on the old
 * schema; fails after `timeoutMs`, naming what is missing. A database that cannot be reached yet
 * counts as not migrated yet.
 */
export async function waitForMigrations(databaseUrl: string, migrationsDir: string, timeoutMs: number, logger: Logger): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let logged = false;
  for (;;) {
    let pending: string[];
    try {
      pending = await pendingMigrations(databaseUrl, migrationsDir);
    } catch (error) {
      pending = [`(database unreachable: ${error instanceof Error ? error.message : String(error)})`];
    }
    if (pending.length === 0) return;
    if (Date.now() >= deadline) throw new Error(`Migrations not applied after ${timeoutMs} ms: ${pending.join(', ')}`);
    if (!logged) logger.info({ pending }, 'waiting for the migration job to apply the migrations');
    logged = true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}
