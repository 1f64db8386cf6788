import path from 'node:path';
import type { Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { aCaller, createTestDatabase, silentLogger, testInfrastructure, testNamespace } from '@radar/platform/testing';
import { createApp } from '../src/app';
import { createLedgerDatabase } from '../src/data/prisma';
import { LedgerRepository } from '../src/data/ledger.repository';
import { serveLedgerRpc } from '../src/rpc/ledger.rpc';

export const SIGNING_SECRET = 'test-signing-secret-with-enough-length-0123456789';

/** A running ledger of its own: fresh database, own NATS namespace, the real app and RPC. */
export async function startLedger() {
  const database = await createTestDatabase('ledger', path.join(__dirname, '../prisma/migrations'));
  const ledgerDatabase = createLedgerDatabase(database.url);
  const { prisma } = ledgerDatabase;
  const logger = silentLogger();
  const namespace = testNamespace();
  const server = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'ledger-test', namespace, logger });
  const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'ledger-test-client', namespace, logger });
  const deps = { ledger: new LedgerRepository(prisma, ledgerDatabase.pool) };
  serveLedgerRpc(server, deps);
  const app = createApp({ ...deps, logger, internalSigningSecret: SIGNING_SECRET });
  return {
    app,
    prisma,
    client,
    async close() {
      await client.close();
      await server.close();
      await ledgerDatabase.close();
      await database.drop();
    },
  };
}

/** A caller of the workspace, as the gateway would sign it. */
export const callerFor = aCaller;

export const identityHeaders = (caller: Caller) => signCaller(caller, SIGNING_SECRET);
