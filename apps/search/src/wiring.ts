import type { Pool } from 'pg';
import { JOB_KINDS } from '@radar/contracts';
import { OperatorJobs } from '@radar/platform/jobs';
import type { Logger } from '@radar/platform/logger';
import { createCompanyIndex, type SelectedCompanyIndex } from './company-index/create-company-index';
import type { ElasticsearchSettings } from '@radar/company-index-elasticsearch';
import { CompanyRepository } from './data/company.repository';
import { JobPostingRepository } from './data/job-posting.repository';
import { createSearchPrisma, type SearchPrisma } from './data/prisma';
import { SavedCompaniesRepository } from './data/saved-companies.repository';
import { datasetLoadJob } from './dataset/dataset-load-job';
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
  /** Set: search runs on Elasticsearch (config.ts, elasticsearchSettingsOf). */
  elasticsearch?: ElasticsearchSettings;
  /** Replaces the back-end createCompanyIndex would choose (the conformance suite passes its own). */
  companyIndex?: SelectedCompanyIndex;
}

export interface SearchWiring extends SearchDeps, OperatorDeps {
  pool: Pool;
  prisma: SearchPrisma;
  selectedIndex: SelectedCompanyIndex;
  jobs: OperatorJobs;
}

/** Builds the service's dependencies on its one pool. */
export function wireSearch(settings: WiringSettings): SearchWiring {
  const prisma = createSearchPrisma(settings.pool);
  const selectedIndex =
    settings.companyIndex ??
    createCompanyIndex({
      ...(settings.elasticsearch === undefined ? {} : { elasticsearch: settings.elasticsearch }),
      pool: settings.pool,
      logger: settings.logger,
    });
  const companies = new CompanyRepository(prisma, settings.pool);
  const load = datasetLoadJob(async (request, onProgress) => {
    const result = await loadDataset({ pool: settings.pool, companyIndex: selectedIndex, companies, logger: settings.logger }, request, onProgress);
    warmDefaultSearch({ companyIndex: selectedIndex.index }).catch((error: unknown) => settings.logger.warn({ err: error }, 'warming the default search failed'));
    return result;
  });
  return {
    pool: settings.pool,
    prisma,
    selectedIndex,
    companyIndex: selectedIndex.index,
    companies,
    jobPostings: new JobPostingRepository(prisma),
    saved: new SavedCompaniesRepository(prisma),
    cursors: new CursorCodec(settings.cursorSecret),
    operatorSecret: settings.operatorSecret,
    jobs: new OperatorJobs({ service: 'search', db: settings.pool, logger: settings.logger, kinds: { [JOB_KINDS.datasetLoad]: load } }),
  };
}
