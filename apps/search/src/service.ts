import path from 'node:path';
import { JOB_KINDS } from '@radar/contracts';
import { OperatorJobs } from '@radar/platform/jobs';
import { defineService, runService } from '@radar/platform/service';
import { searchPoolOptions } from '@radar/company-index-postgres';
import { createCompanyIndex } from './clients/company-index';
import { elasticsearchSettingsOf, searchConfig } from './config';
import { CursorCodec } from './domain/cursor-codec';
import { consumeExportUnlocks } from './events/export-unlock.consumers';
import { serveSavedListRpc } from './events/saved-list.rpc';
import { serveSearchRpc } from './events/search.rpc';
import { searchRoutes } from './http/search.routes';
import { datasetLoadJob } from './use-cases/dataset/dataset-load-job';
import { datasetVersion } from './use-cases/dataset/dataset-status';
import type { SearchDeps } from './use-cases/deps';
import { warmDefaultSearch } from './use-cases/search-companies';

export const createSearchService = () =>
  defineService({
    name: 'search',
    config: searchConfig,
    database: {
      migrationsDir: path.join(__dirname, '../prisma/migrations'),
      pool: (config) => searchPoolOptions({ max: config.DATABASE_POOL_SIZE, statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS }),
    },
    streams: ['COMPANIES'],
    async wire({ config, logger, pool, bus }) {
      const elasticsearch = elasticsearchSettingsOf(config);
      const selectedIndex = createCompanyIndex({ ...(elasticsearch === undefined ? {} : { elasticsearch }), pool, logger });
      logger.info({ backend: selectedIndex.backend }, 'search index selected');
      const jobs = new OperatorJobs({ service: 'search', db: pool, logger, kinds: { [JOB_KINDS.datasetLoad]: datasetLoadJob({ pool, selectedIndex, logger }) } });
      const deps: SearchDeps = { pool, companyIndex: selectedIndex.index, cursors: new CursorCodec(config.CURSOR_SECRET) };
      serveSearchRpc(bus, deps);
      serveSavedListRpc(bus, deps);
      const { readyToServe } = selectedIndex;
      const readiness: Record<string, () => Promise<unknown>> = readyToServe === undefined ? {} : { index: readyToServe };
      return {
        deps,
        http: [{ routes: searchRoutes({ ...deps, operatorSecret: config.OPERATOR_SECRET, jobs }, config.INTERNAL_SIGNING_SECRET) }],
        readiness,
        status: { dataVersion: () => datasetVersion(deps) },
        async start() {
          await consumeExportUnlocks(bus, deps);
          jobs.begin();
          warmDefaultSearch(deps).catch((error: unknown) => logger.warn({ err: error }, 'warming the default search failed'));
        },
        async stop() {
          await jobs.stop();
          await selectedIndex.close();
        },
      };
    },
  });

export const run = () => runService(createSearchService());
