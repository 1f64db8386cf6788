import path from 'node:path';
import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@radar/platform/testing';
import { writeCompanies } from '../../data/company-store.writer';
import { createPool } from '@radar/platform/database';
import { searchPoolOptions } from '../../data/database';
import type { IndexedCompany } from '../company-index';
import { PostgresCompanyIndex } from '../postgres/postgres-company-index';

const MIGRATIONS = path.join(__dirname, '../../../prisma/migrations');

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
    database = await createTestDatabase(databaseName, MIGRATIONS);
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
