import type { Pool } from 'pg';
import type { CompanyIndex } from '@radar/company-index';
import type { CursorCodec } from '../domain/cursor-codec';

export interface SearchDeps {
  /** The search database: use cases read through it and own their transactions on it (data/ functions take the connection). */
  pool: Pool;
  companyIndex: CompanyIndex;
  cursors: CursorCodec;
}
