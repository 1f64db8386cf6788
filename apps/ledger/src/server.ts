import path from 'node:path';
import { stopTelemetry } from '@radar/platform/telemetry';
import { onShutdown } from '@radar/platform/lifecycle';
import { createLogger } from '@radar/platform/logger';
import { listen } from '@radar/platform/http';
import { Bus } from '@radar/platform/nats';
import { prepareDatabase } from '@radar/platform/prisma';
import { createApp } from './app';
import { loadLedgerConfig } from './config';
import { createLedgerDatabase } from './data/prisma';
import { LedgerRepository } from './data/ledger.repository';
import { serveLedgerRpc } from './rpc/ledger.rpc';

export async function runLedger(): Promise<void> {
  const config = loadLedgerConfig();
  const logger = createLogger('ledger', config.LOG_LEVEL);
  if (config.RUN_MIGRATIONS) {
    const result = await prepareDatabase(config.LEDGER_DATABASE_URL, path.join(__dirname, '../prisma/migrations'));
    logger.info({ applied: result.applied }, 'migrations checked');
  }
  const database = createLedgerDatabase(config.LEDGER_DATABASE_URL, (error) => logger.warn({ err: error }, 'idle database connection lost'));
  const { prisma } = database;
  const bus = await Bus.connect({ url: config.NATS_URL, name: 'ledger', namespace: config.NATS_NAMESPACE, logger });
  const deps = { ledger: new LedgerRepository(prisma, database.pool) };
  serveLedgerRpc(bus, deps);

  const app = createApp({
    ...deps,
    logger,
    internalSigningSecret: config.INTERNAL_SIGNING_SECRET,
    readiness: {
      database: () => prisma.$queryRaw`SELECT 1`,
      nats: async () => {
        if (bus.connection.isClosed()) throw new Error('NATS connection closed');
      },
    },
  });
  const server = await listen(app, config.LEDGER_PORT, config.LEDGER_HOST);
  logger.info({ url: server.url }, 'ledger listening');

  onShutdown(logger, async () => {
    await server.close();
    await bus.close();
    await database.close();
    await stopTelemetry();
  });
}
