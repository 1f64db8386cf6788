import type { SearchClient } from '../clients/search-client';
import type { LedgerClient } from '../clients/ledger-client';
import type { ExportCreationRepository } from '../data/export-creation.repository';
import type { ExportJobsRepository } from '../data/export-jobs.repository';
import type { ObjectStorage } from '../clients/object-storage';

export interface ExportDeps {
  jobs: ExportJobsRepository;
  creation: ExportCreationRepository;
  search: SearchClient;
  ledger: LedgerClient;
  storage: ObjectStorage;
  now: () => Date;
}
