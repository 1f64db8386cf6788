import { randomUUID } from 'node:crypto';
import { signalsPageSchema, signalsSummarySchema, type EventPayload, type SignalRecord } from '@radar/contracts';
import { startProviderSimProcess, type ProviderSimProcess } from './provider-sim-process';
import { aCheck, domainAt, startSignalIngest, type SignalIngestHarness } from './signal-ingest-harness';
import { readApi, type ReadApi } from './support/read-api';

/** A company of 1,001-5,000 employees: many news items a year. */
const BUSY = domainAt(32);
const DAY = '2026-11-20';

type DeliveryUpdated = EventPayload<'delivery.updated'>;

describe('signals made by a real check, and their webhook delivery outcome (delivery.updated)', () => {
  let provider: ProviderSimProcess;
  let ingest: SignalIngestHarness;
  let api: ReadApi;
  let signals: SignalRecord[];
  const workspaceId = randomUUID();

  beforeAll(async () => {
    provider = await startProviderSimProcess();
    ingest = await startSignalIngest(provider.url);
    api = readApi(ingest.service.urls.main!, workspaceId);
    ({ signals } = await ingest.check(aCheck(BUSY, 'news_events', DAY, { workspaceId, monitorName: 'News at Highsphere' })));
    expect(signals.length).toBeGreaterThan(4);
  }, 60_000);
  afterAll(async () => {
    await ingest?.close();
    await provider?.stop();
  });

  const listed = async (): Promise<Map<string, SignalRecord>> => {
    const page = signalsPageSchema.parse(await api.json('/signals', { limit: 200 }));
    return new Map(page.items.map((item) => [item.id, item]));
  };

  /** Publishes reports as webhook-dispatch does, then waits until the signal shows `expected` (or gives up). */
  const report = async (updates: DeliveryUpdated[], signalId: string, expected: Partial<SignalRecord>) => {
    for (const update of updates) await ingest.client.publish('delivery.updated', update, { msgId: randomUUID() });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const signal = (await listed()).get(signalId)!;
      if (Object.entries(expected).every(([key, value]) => signal[key as keyof SignalRecord] === value)) return signal;
      if (Date.now() > deadline) return signal;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('lists the signals a check delivered, exactly as it handed them to delivery', async () => {
    const shown = await listed();
    expect(shown.size).toBe(signals.length);
    for (const signal of signals) expect(shown.get(signal.id)).toEqual(signal);
    const summary = signalsSummarySchema.parse(await api.json('/signals/summary'));
    expect(summary.total).toBe(signals.length);
  });

  it('fills webhook_delivery_id, delivery_status and response_status as the delivery reports', async () => {
    const signal = signals[0]!;
    const deliveryId = randomUUID();
    const base = { workspaceId, signalId: signal.id, webhookDeliveryId: deliveryId };
    const pending = await report([{ ...base, deliveryStatus: 'pending', responseStatus: null, attempts: 0 }], signal.id, { delivery_status: 'pending' });
    expect(pending).toMatchObject({ webhook_delivery_id: deliveryId, delivery_status: 'pending', response_status: null });
    const retrying = await report([{ ...base, deliveryStatus: 'pending', responseStatus: 503, attempts: 1 }], signal.id, { response_status: 503 });
    expect(retrying).toMatchObject({ delivery_status: 'pending', response_status: 503 });
    const delivered = await report([{ ...base, deliveryStatus: 'delivered', responseStatus: 200, attempts: 2 }], signal.id, { delivery_status: 'delivered' });
    expect(delivered).toMatchObject({ webhook_delivery_id: deliveryId, delivery_status: 'delivered', response_status: 200 });
  });

  it('keeps the latest outcome when reports arrive out of order, and never replaces a final one', async () => {
    const signal = signals[1]!;
    const base = { workspaceId, signalId: signal.id, webhookDeliveryId: randomUUID() };
    await report([{ ...base, deliveryStatus: 'failed', responseStatus: 500, attempts: 8 }], signal.id, { delivery_status: 'failed' });
    // Older reports, redelivered late: nothing changes.
    await report(
      [
        { ...base, deliveryStatus: 'pending', responseStatus: 500, attempts: 7 },
        { ...base, deliveryStatus: 'pending', responseStatus: null, attempts: 0 },
      ],
      signal.id,
      {},
    );
    // A marker on another signal, published after the old reports: once it shows, they were handled.
    const marker = signals[2]!;
    await report([{ workspaceId, signalId: marker.id, webhookDeliveryId: randomUUID(), deliveryStatus: 'pending', responseStatus: null, attempts: 0 }], marker.id, { delivery_status: 'pending' });
    expect((await listed()).get(signal.id)).toMatchObject({ delivery_status: 'failed', response_status: 500 });
  });

  it('takes a redelivery after a final outcome: a report of more attempts replaces failed', async () => {
    const signal = signals[4]!;
    const base = { workspaceId, signalId: signal.id, webhookDeliveryId: randomUUID() };
    await report([{ ...base, deliveryStatus: 'failed', responseStatus: 503, attempts: 8 }], signal.id, { delivery_status: 'failed' });
    const redelivered = await report([{ ...base, deliveryStatus: 'delivered', responseStatus: 200, attempts: 9 }], signal.id, { delivery_status: 'delivered' });
    expect(redelivered).toMatchObject({ delivery_status: 'delivered', response_status: 200 });
  });

  it("ignores a report that names another workspace's signal", async () => {
    const signal = signals[3]!;
    await report([{ workspaceId: randomUUID(), signalId: signal.id, webhookDeliveryId: randomUUID(), deliveryStatus: 'delivered', responseStatus: 200, attempts: 1 }], signal.id, {});
    const marker = signals[2]!;
    await report([{ workspaceId, signalId: marker.id, webhookDeliveryId: randomUUID(), deliveryStatus: 'delivered', responseStatus: 204, attempts: 1 }], marker.id, { response_status: 204 });
    expect((await listed()).get(signal.id)).toMatchObject({ webhook_delivery_id: null, delivery_status: null, response_status: null });
  });
});
