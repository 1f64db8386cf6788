import type { Pool } from 'pg';
import type { Logger } from '@radar/platform/logger';
import { createCompanyIndex, type SelectedCompanyIndex } from './company-index/create-company-index';
import { CompanyRepository } from './data/company.repository';
import { JobPostingRepository } from './data/job-posting.repository';
import { createSearchPrisma, type SearchPrisma } from './data/prisma';
import { SavedCompaniesRepository } from './data/saved-companies.repository';
import { loadDataset } from './dataset/dataset-loader';
import type { OperatorDeps } from './http/operator.routes';
import { CursorCodec } from './search/cursor-codec';
import type { SearchDeps } from './use-cases/deps';
import { warmDefaultSearch } from './use-cases/search-companies';

export interface WiringSettings {
  pool: Pool;
  logger: Logger;
  cursorSecret: string;
  operatorSecret: string;
  elasticsearchUrl?: string;
  elasticsearchIndex?: string;
  /** Replaces the back-end createCompanyIndex would choose (the conformance suite passes its own). */
  companyIndex?: SelectedCompanyIndex;
}

export interface SearchWiring extends SearchDeps, OperatorDeps {
  prisma: SearchPrisma;
  selectedIndex: SelectedCompanyIndex;
}

/** Builds the service's dependencies on one pool; server.ts and the tests share it. */
export function wireSearch(settings: WiringSettings): SearchWiring {
  const prisma = createSearchPrisma(settings.pool);
  const selectedIndex =
    settings.companyIndex ??
    createCompanyIndex({
      elasticsearchUrl: settings.elasticsearchUrl,
      elasticsearchIndex: settings.elasticsearchIndex ?? 'radar-companies',
      pool: settings.pool,
      logger: settings.logger,
    });
  const companies = new CompanyRepository(prisma, settings.pool);
  return {
    prisma,
    selectedIndex,
    companyIndex: selectedIndex.index,
    companies,
    jobPostings: new JobPostingRepository(prisma),
    saved: new SavedCompaniesRepository(prisma),
    cursors: new CursorCodec(settings.cursorSecret),
    operatorSecret: settings.operatorSecret,
    loadDataset: async (request) => {
      const result = await loadDataset({ pool: settings.pool, companyIndex: selectedIndex, companies, logger: settings.logger }, request);
      warmDefaultSearch({ companyIndex: selectedIndex.index }).catch((error: unknown) =>
        settings.logger.warn({ err: error }, 'warming the default search failed'),
      );
      return result;
    },
  };
}
