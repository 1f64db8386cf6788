import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RPCS } from '@radar/contracts';
import { callerFor, identityHeaders, startLedger } from './ledger-harness';

describe('ledger with its database down', () => {
  let ledger: Awaited<ReturnType<typeof startLedger>>;
  beforeAll(async () => {
    // Nothing listens on port 1.
    ledger = await startLedger({
      databaseUrl: 'postgresql://postgres@127.0.0.1:1/radar_ledger',
      env: { RUN_MIGRATIONS: 'false', MIGRATIONS_WAIT_MS: '0' },
    });
  });
  afterAll(() => ledger.close());

  it('answers GET /credits with 503 SERVICE_UNAVAILABLE, not 500', async () => {
    const response = await request(ledger.app).get('/credits').set(identityHeaders(callerFor(randomUUID())));
    expect(response.status).toBe(503);
    expect(response.body.detail.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('reports itself not ready on /readyz, naming the database', async () => {
    const response = await request(ledger.app).get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body.detail.details.failing).toEqual(['database']);
  });

  it('answers a charge with SERVICE_UNAVAILABLE, so the caller retries with the same reference', async () => {
    await expect(
      ledger.client.request(RPCS.ledger.charge, { workspaceId: randomUUID(), amount: 1, reason: 'export_charge', reference: `export:${randomUUID()}:create` }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
