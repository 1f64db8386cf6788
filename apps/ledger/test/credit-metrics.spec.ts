import { randomUUID } from 'node:crypto';
import { RPCS } from '@radar/contracts';
import { currentMetricSamples, sampleValue } from '@radar/platform/testing';
import { startLedger } from './ledger-harness';

describe('credit metrics', () => {
  let ledger: Awaited<ReturnType<typeof startLedger>>;
  beforeAll(async () => {
    ledger = await startLedger();
  });
  afterAll(() => ledger.close());

  /** The counters' values for one reason; each test uses a reason of its own, so other tests' charges do not count. */
  async function countersFor(reason: string) {
    const samples = await currentMetricSamples();
    return {
      charged: sampleValue(samples, 'radar_credits_charged_total', { reason }) ?? 0,
      refunded: sampleValue(samples, 'radar_credits_refunded_total', { reason }) ?? 0,
      refused: sampleValue(samples, 'radar_credit_charges_refused_total', { reason }) ?? 0,
    };
  }

  it('counts the credits a charge takes once, however often its reference is replayed, and the charges refused', async () => {
    const reason = `spec_charge_${randomUUID().slice(0, 8)}`;
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 10);
    const reference = `export:${randomUUID()}:create`;
    await ledger.client.request(RPCS.ledger.charge, { workspaceId, amount: 7, reason, reference });
    await ledger.client.request(RPCS.ledger.charge, { workspaceId, amount: 7, reason, reference });
    await ledger.client.request(RPCS.ledger.charge, { workspaceId, amount: 4, reason, reference: `export:${randomUUID()}:create` });
    expect(await countersFor(reason)).toEqual({ charged: 7, refunded: 0, refused: 1 });
  });

  it('counts a batch by what it took, and the refunds given back', async () => {
    const chargeReason = `spec_batch_${randomUUID().slice(0, 8)}`;
    const refundReason = `spec_refund_${randomUUID().slice(0, 8)}`;
    const workspaceId = randomUUID();
    await ledger.grant(workspaceId, 3);
    const references = Array.from({ length: 5 }, (_, i) => `monitor:${randomUUID()}:d${i}`);
    await ledger.client.request(RPCS.ledger.chargeBatch, { workspaceId, reason: chargeReason, charges: references.map((reference) => ({ reference, amount: 1 })) });
    expect(await countersFor(chargeReason)).toEqual({ charged: 3, refunded: 0, refused: 2 });

    const refund = { workspaceId, chargeReference: references[0]!, reason: refundReason, reference: `refund:${references[0]}` };
    await ledger.client.request(RPCS.ledger.refund, refund);
    await ledger.client.request(RPCS.ledger.refund, refund);
    expect(await countersFor(refundReason)).toEqual({ charged: 0, refunded: 1, refused: 0 });
  });
});
