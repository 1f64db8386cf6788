import path from 'node:path';
import { defineService, runService } from '@radar/platform/service';
import { ledgerConfig } from './config';
import { ChargeBatchRepository } from './data/charge-batch.repository';
import { LedgerRepository } from './data/ledger.repository';
import { createLedgerPrisma } from './data/prisma';
import { ledgerRoutes } from './http/ledger.routes';
import { serveLedgerRpc } from './rpc/ledger.rpc';

export const ledgerService = defineService({
  name: 'ledger',
  config: ledgerConfig,
  database: { migrationsDir: path.join(__dirname, '../prisma/migrations') },
  async wire({ config, pool, bus }) {
    const prisma = createLedgerPrisma(pool);
    const deps = { ledger: new LedgerRepository(prisma, pool), chargeBatches: new ChargeBatchRepository(pool) };
    serveLedgerRpc(bus, deps);
    return {
      deps: { ...deps, prisma },
      http: [{ routes: ledgerRoutes(deps, config.INTERNAL_SIGNING_SECRET) }],
      stop: () => prisma.$disconnect(),
    };
  },
});

export const run = () => runService(ledgerService);
