import type { LedgerRepository } from '../data/ledger.repository';

export interface LedgerDeps {
  ledger: LedgerRepository;
}
