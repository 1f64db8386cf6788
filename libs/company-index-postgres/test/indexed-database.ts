import path from 'node:path';
import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@radar/platform/testing';
import { writeCompanies } from '../src/company-store.writer';
import { createPool } from '@radar/platform/database';
import { searchPoolOptions } from '../src/pool-options';
import type { IndexedCompany } from '@radar/company-index';
import { PostgresCompanyIndex } from '../src/postgres-company-index';

// The engine indexes the search service's company store, so its tests build that store from the service's own migrations.
const MIGRATIONS = path.join(__dirname, '../../../apps/search/prisma/migrations');

/** A database of its own holding the company store, empty, for one test file. */
export const createStoreDatabase = (name: string): Promise<TestDatabase> => createTestDatabase(name, MIGRATIONS);

/**
 * For one describe block: a database of its own holding `companies`, and a PostgreSQL index
 * over it, refreshed (summaries, postings and columns built) before the first test.
 */
export function useIndexedDatabase(
  databaseName: string,
  companies: IndexedCompany[],
  indexOptions: ConstructorParameters<typeof PostgresCompanyIndex>[1] = {},
): { pool: () => Pool; index: () => PostgresCompanyIndex } {
  let database: TestDatabase | undefined;
  let pool: Pool | undefined;
  let index: PostgresCompanyIndex | undefined;
  beforeAll(async () => {
    database = await createStoreDatabase(databaseName);
    pool = createPool(database.url, searchPoolOptions({ max: 4 }));
    index = new PostgresCompanyIndex(pool, indexOptions);
    await writeCompanies(pool, companies, 'replace');
    await index.refresh();
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });
  return { pool: () => pool as Pool, index: () => index as PostgresCompanyIndex };
}
