import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { LedgerClient } from '../clients/ledger-client';
import type { ObjectStorage } from '../clients/object-storage';
import type { SearchClient } from '../clients/search-client';

export interface ExportDeps {
  /** The service's pool: use cases read through it and own their transactions on it (data/ functions take the connection). */
  pool: Pool;
  search: SearchClient;
  ledger: LedgerClient;
  storage: ObjectStorage;
  now: () => Date;
  logger: Logger;
}
