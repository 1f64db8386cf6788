import { randomUUID } from 'node:crypto';
import { RPCS, type Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { aCaller, silentLogger, startTestService, testInfrastructure, TEST_SECRETS, type TestServiceOptions } from '@radar/platform/testing';
import { ledgerService } from '../src/service';

/**
 * A running ledger of its own (fresh database, own NATS namespace), a NATS client in its
 * namespace, and the requests the tests make through it as another service would.
 */
export async function startLedger(options: TestServiceOptions = {}) {
  const ledger = await startTestService(ledgerService, options);
  const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'ledger-test-client', namespace: ledger.namespace, logger: silentLogger() });
  return {
    app: ledger.apps.main!,
    /** The service's pool: the tests read the tables they assert on with SQL. */
    pool: ledger.deps.pool,
    client,
    service: ledger,
    grant: (workspaceId: string, amount: number, reference = `grant:${randomUUID()}`) =>
      client.request(RPCS.ledger.grant, { workspaceId, amount, reason: 'grant', reference }),
    charge: (workspaceId: string, amount: number, reference = `export:${randomUUID()}:create`) =>
      client.request(RPCS.ledger.charge, { workspaceId, amount, reason: 'export_charge', reference }),
    balanceOf: async (workspaceId: string) => (await client.request(RPCS.ledger.balance, { workspaceId })).balance,
    /** The workspace's transactions in the order written (amounts as numbers). */
    transactionsOf: async (workspaceId: string) =>
      (
        await ledger.deps.pool.query<{ reference: string; amount: number; balance_after: number; reason: string }>(
          'SELECT reference, amount::float8 AS amount, balance_after::float8 AS balance_after, reason FROM transactions WHERE workspace_id = $1 ORDER BY seq',
          [workspaceId],
        )
      ).rows,
    async close() {
      await client.close();
      await ledger.close();
    },
  };
}

/** A caller of the workspace, as the gateway would sign it. */
export const callerFor = aCaller;

export const identityHeaders = (caller: Caller) => signCaller(caller, TEST_SECRETS.INTERNAL_SIGNING_SECRET);
