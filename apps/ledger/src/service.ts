import path from 'node:path';
import { defineService, runService } from '@radar/platform/service';
import { ledgerConfig } from './config';
import { ledgerRoutes } from './http/ledger.routes';
import { serveLedgerRpc } from './events/ledger.rpc';
import type { LedgerDeps } from './use-cases/deps';

export const ledgerService = defineService({
  name: 'ledger',
  config: ledgerConfig,
  database: { migrationsDir: path.join(__dirname, '../prisma/migrations') },
  async wire({ config, pool, bus }) {
    const deps: LedgerDeps = { pool };
    serveLedgerRpc(bus, deps);
    return {
      deps,
      http: [{ routes: ledgerRoutes(deps, config.INTERNAL_SIGNING_SECRET) }],
    };
  },
});

export const run = () => runService(ledgerService);
