import type { Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { aCaller, silentLogger, startTestService, testInfrastructure, TEST_SECRETS, type TestServiceOptions } from '@radar/platform/testing';
import { ledgerService } from '../src/service';

/** A running ledger of its own (fresh database, own NATS namespace) and a NATS client in its namespace. */
export async function startLedger(options: TestServiceOptions = {}) {
  const ledger = await startTestService(ledgerService, options);
  const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'ledger-test-client', namespace: ledger.namespace, logger: silentLogger() });
  return {
    app: ledger.apps.main!,
    prisma: ledger.deps.prisma,
    client,
    service: ledger,
    async close() {
      await client.close();
      await ledger.close();
    },
  };
}

/** A caller of the workspace, as the gateway would sign it. */
export const callerFor = aCaller;

export const identityHeaders = (caller: Caller) => signCaller(caller, TEST_SECRETS.INTERNAL_SIGNING_SECRET);
