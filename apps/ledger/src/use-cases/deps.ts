import type { ChargeBatchRepository } from '../data/charge-batch.repository';
import type { LedgerRepository } from '../data/ledger.repository';

export interface LedgerDeps {
  ledger: LedgerRepository;
  chargeBatches: ChargeBatchRepository;
}
