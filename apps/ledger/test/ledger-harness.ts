import type { Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { aCaller, silentLogger, startTestService, testInfrastructure, TEST_SECRETS, type TestServiceOptions } from '@radar/platform/testing';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../src/data/generated/prisma/client';
import { ledgerService } from '../src/service';

/** A running ledger of its own (fresh database, own NATS namespace) and a NATS client in its namespace. */
export async function startLedger(options: TestServiceOptions = {}) {
  const ledger = await startTestService(ledgerService, options);
  // The generated client, on the service's pool, reads the tables the tests assert on.
  const prisma = new PrismaClient({ adapter: new PrismaPg(ledger.deps.pool) });
  const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'ledger-test-client', namespace: ledger.namespace, logger: silentLogger() });
  return {
    app: ledger.apps.main!,
    prisma,
    client,
    service: ledger,
    async close() {
      await client.close();
      await prisma.$disconnect();
      await ledger.close();
    },
  };
}

/** A caller of the workspace, as the gateway would sign it. */
export const callerFor = aCaller;

export const identityHeaders = (caller: Caller) => signCaller(caller, TEST_SECRETS.INTERNAL_SIGNING_SECRET);
