import type { Pool } from 'pg';

/** The ledger's use cases reach the database through the service's pool; each owns its transaction. */
export interface LedgerDeps {
  pool: Pool;
}
