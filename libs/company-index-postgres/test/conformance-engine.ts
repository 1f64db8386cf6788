import type { ConformanceEngine } from '@radar/company-index/testing';
import { createPool } from '@radar/platform/database';
import { searchPoolOptions } from '../src/pool-options';
import { PostgresCompanyIndex } from '../src/postgres-company-index';
import { createStoreDatabase } from './indexed-database';

/** The engine as the search service builds it, each opened index on a database of its own (which also reads text for the oracle). */
export const POSTGRES_ENGINE: ConformanceEngine = {
  async open() {
    const database = await createStoreDatabase('company_index_conformance');
    const pool = createPool(database.url, searchPoolOptions({ max: 6 }));
    return {
      index: new PostgresCompanyIndex(pool),
      textSearch: pool,
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  },
};
