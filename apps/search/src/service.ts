import path from 'node:path';
import type { Pool } from 'pg';
import { defineService, runService } from '@radar/platform/service';
import type { SelectedCompanyIndex } from './company-index/create-company-index';
import { elasticsearchSettingsOf, searchConfig } from './config';
import { searchPoolOptions } from '@radar/company-index-postgres';
import { datasetVersion } from './dataset/dataset-status';
import { consumeExportUnlocks } from './events/export-unlock.consumers';
import { searchRoutes } from './http/search.routes';
import { serveSavedListRpc } from './rpc/saved-list.rpc';
import { serveSearchRpc } from './rpc/search.rpc';
import { warmDefaultSearch } from './use-cases/search-companies';
import { wireSearch } from './wiring';

export interface SearchServiceOptions {
  /** Replaces the back-end the configuration would choose (the conformance suite runs each back-end). */
  companyIndex?: (pool: Pool) => SelectedCompanyIndex;
}

export const createSearchService = (options: SearchServiceOptions = {}) =>
  defineService({
    name: 'search',
    config: searchConfig,
    database: {
      migrationsDir: path.join(__dirname, '../prisma/migrations'),
      pool: (config) => searchPoolOptions({ max: config.DATABASE_POOL_SIZE, statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS }),
    },
    streams: ['COMPANIES'],
    async wire({ config, logger, pool, bus }) {
      const deps = wireSearch({
        pool,
        logger,
        cursorSecret: config.CURSOR_SECRET,
        operatorSecret: config.OPERATOR_SECRET,
        elasticsearch: elasticsearchSettingsOf(config),
        companyIndex: options.companyIndex?.(pool),
      });
      logger.info({ backend: deps.selectedIndex.backend }, 'search index selected');
      serveSearchRpc(bus, deps);
      serveSavedListRpc(bus, pool);
      const { readyToServe } = deps.selectedIndex;
      const readiness: Record<string, () => Promise<unknown>> = readyToServe === undefined ? {} : { index: readyToServe };
      return {
        deps,
        http: [{ routes: searchRoutes(deps, config.INTERNAL_SIGNING_SECRET) }],
        readiness,
        status: { dataVersion: () => datasetVersion(pool) },
        async start() {
          await consumeExportUnlocks(bus, deps);
          deps.jobs.begin();
          warmDefaultSearch(deps).catch((error: unknown) => logger.warn({ err: error }, 'warming the default search failed'));
        },
        async stop() {
          await deps.jobs.stop();
          await deps.selectedIndex.close();
          await deps.prisma.$disconnect();
        },
      };
    },
  });

export const run = () => runService(createSearchService());
