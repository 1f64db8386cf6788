import path from 'node:path';
import { Client } from 'pg';
import { dropDatabase, prepareDatabase } from '@radar/platform/prisma';
import { testInfrastructure } from '@radar/platform/testing';
import { REPOSITORY_ROOT } from '@radar/e2e';

const SEARCH_MIGRATIONS = path.join(REPOSITORY_ROOT, 'apps', 'search', 'prisma', 'migrations');

export const benchDatabaseUrl = (name: string): string => {
  const url = new URL(testInfrastructure.postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export interface PreparedDatabase {
  url: string;
  /** True when the database already held exactly this dataset: the load is skipped. */
  reused: boolean;
  /** Time spent applying migrations that were new to the database (a reused one may get some). */
  migrationSeconds: number;
  applied: string[];
}

/** Whether the database holds exactly the completed load of (seed, companies) and nothing else. */
async function holdsDataset(url: string, seed: number, companies: number): Promise<boolean> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false; // no such database yet
  }
  try {
    const { rows } = await client.query<{ loads: number; completed: boolean; stored: string }>(
      `SELECT (SELECT count(*)::int FROM dataset_loads) AS loads,
              coalesce((SELECT completed FROM dataset_loads WHERE seed = $1 AND companies = $2), false) AS completed,
              (SELECT count(*) FROM companies)::text AS stored`,
      [seed, companies],
    );
    const row = rows[0];
    return row !== undefined && row.loads === 1 && row.completed && Number(row.stored) === companies;
  } catch {
    return false; // not a search database (no tables)
  } finally {
    await client.end();
  }
}

/**
 * The benchmark's database: kept when it already holds the same dataset (unless `fresh`),
 * otherwise dropped and created afresh. Migrations are applied here rather than by the service
 * at start, because a migration that rewrites a million rows outlasts the service's readiness
 * wait. A kept database holds the records the generator drew when it was loaded: `fresh` is
 * for runs that must see the generator as it is now.
 */
export async function prepareBenchDatabase(name: string, seed: number, companies: number, options: { fresh?: boolean } = {}): Promise<PreparedDatabase> {
  const url = benchDatabaseUrl(name);
  const reused = options.fresh !== true && (await holdsDataset(url, seed, companies));
  if (!reused) await dropDatabase(url);
  const started = performance.now();
  const result = await prepareDatabase(url, SEARCH_MIGRATIONS);
  return { url, reused, migrationSeconds: (performance.now() - started) / 1000, applied: result.applied };
}
