import path from 'node:path';
import { stopTelemetry } from '@radar/platform/telemetry';
import { onShutdown } from '@radar/platform/lifecycle';
import { createLogger } from '@radar/platform/logger';
import { listen } from '@radar/platform/http';
import { Bus } from '@radar/platform/nats';
import { prepareDatabase } from '@radar/platform/prisma';
import { createApp } from './app';
import { loadSearchConfig } from './config';
import { createSearchPool } from './data/database';
import { consumeExportUnlocks } from './events/export-unlock.consumers';
import { warmDefaultSearch } from './use-cases/search-companies';
import { wireSearch } from './wiring';

export async function runSearch(): Promise<void> {
  const config = loadSearchConfig();
  const logger = createLogger('search', config.LOG_LEVEL);
  if (config.RUN_MIGRATIONS) {
    const result = await prepareDatabase(config.SEARCH_DATABASE_URL, path.join(__dirname, '../prisma/migrations'));
    logger.info({ applied: result.applied }, 'migrations checked');
  }
  const pool = createSearchPool(config.SEARCH_DATABASE_URL, {
    max: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
  });
  const deps = wireSearch({
    pool,
    logger,
    cursorSecret: config.CURSOR_SECRET,
    operatorSecret: config.OPERATOR_SECRET,
    elasticsearchUrl: config.ELASTICSEARCH_URL,
    elasticsearchIndex: config.ELASTICSEARCH_INDEX,
  });
  logger.info({ backend: deps.selectedIndex.backend }, 'search index selected');

  const bus = await Bus.connect({ url: config.NATS_URL, name: 'search', namespace: config.NATS_NAMESPACE, logger });
  await bus.ensureStreams();
  await consumeExportUnlocks(bus, deps);

  const app = createApp({
    ...deps,
    logger,
    internalSigningSecret: config.INTERNAL_SIGNING_SECRET,
    readiness: {
      database: () => pool.query('SELECT 1'),
      nats: async () => {
        if (bus.connection.isClosed()) throw new Error('NATS connection closed');
      },
      ...(deps.selectedIndex.needsFeeding ? { index: () => deps.companyIndex.count({}) } : {}),
    },
  });
  const server = await listen(app, config.SEARCH_PORT, config.SEARCH_HOST);
  logger.info({ url: server.url }, 'search listening');
  warmDefaultSearch(deps).catch((error: unknown) => logger.warn({ err: error }, 'warming the default search failed'));

  onShutdown(logger, async () => {
    await server.close();
    await bus.close();
    await deps.selectedIndex.close();
    await deps.prisma.$disconnect();
    await pool.end();
    await stopTelemetry();
  });
}
