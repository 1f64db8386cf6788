import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LEDGER_RPC } from '@radar/contracts';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure, testNamespace } from '@radar/platform/testing';
import { createApp } from '../src/app';
import { createLedgerDatabase } from '../src/data/prisma';
import { LedgerRepository } from '../src/data/ledger.repository';
import { serveLedgerRpc } from '../src/rpc/ledger.rpc';
import { callerFor, identityHeaders, SIGNING_SECRET } from './ledger-harness';

describe('ledger with its database down', () => {
  // Nothing listens on port 1.
  const database = createLedgerDatabase('postgresql://postgres@127.0.0.1:1/radar_ledger');
  const deps = { ledger: new LedgerRepository(database.prisma, database.pool) };
  const logger = silentLogger();
  let server: Bus;
  let client: Bus;
  beforeAll(async () => {
    const namespace = testNamespace();
    server = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'ledger-down', namespace, logger });
    client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'ledger-down-client', namespace, logger });
    serveLedgerRpc(server, deps);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await database.close();
  });

  it('answers GET /credits with 503 SERVICE_UNAVAILABLE, not 500', async () => {
    const app = createApp({ ...deps, logger, internalSigningSecret: SIGNING_SECRET });
    const response = await request(app).get('/credits').set(identityHeaders(callerFor(randomUUID())));
    expect(response.status).toBe(503);
    expect(response.body.detail.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers a charge with SERVICE_UNAVAILABLE, so the caller retries with the same reference', async () => {
    await expect(
      client.request(LEDGER_RPC.charge, { workspaceId: randomUUID(), amount: 1, reason: 'export_charge', reference: `export:${randomUUID()}:create` }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
