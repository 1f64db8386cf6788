import { startProviderSimProcess, type ProviderSimProcess } from './provider-sim-process';
import { aCheck, domainAt, startSignalIngest, type SignalIngestHarness } from './signal-ingest-harness';

const DAY = '2026-11-20';
const BUSY = domainAt(32);

describe('signal-ingest: a check that comes again records nothing twice and answers the same', () => {
  let provider: ProviderSimProcess;
  let ingest: SignalIngestHarness;
  beforeAll(async () => {
    provider = await startProviderSimProcess();
    ingest = await startSignalIngest(provider.url);
  }, 60_000);
  afterAll(async () => {
    await ingest?.close();
    await provider?.stop();
  });
  afterEach(() => provider.recover());

  it('answers a redelivered check with the same counters and the same signals, recording nothing more', async () => {
    const check = aCheck(BUSY, 'job_openings', DAY);
    const first = await ingest.check(check);
    expect(first.completion.itemsPushed).toBeGreaterThan(0);
    const firstIds = first.signals.map((signal) => signal.id).sort();

    await ingest.request(check);
    const again = await ingest.completionOf(check.checkId, 2);
    expect(again).toEqual(first.completion);
    expect(await ingest.rowCount('checks', { column: 'id', value: check.checkId })).toBe(1);
    expect(await ingest.rowCount('signals', { column: 'check_id', value: check.checkId })).toBe(first.completion.itemsPushed);
    expect(await ingest.rowCount('seen_items', { column: 'monitor_id', value: check.monitorId })).toBe(first.completion.itemsNew);
    // The signals were handed to delivery once; answering again does not hand them over twice.
    expect(ingest.deliveredFor(check.runId).map((event) => event.signal.id).sort()).toEqual(firstIds);
  });

  it('records a check once when two copies arrive at the same time', async () => {
    const check = aCheck(BUSY, 'news_events', DAY);
    await Promise.all([ingest.request(check), ingest.request(check)]);
    const [one, two] = await Promise.all([ingest.completionOf(check.checkId, 1), ingest.completionOf(check.checkId, 2)]);
    expect(two).toEqual(one);
    expect(one.itemsPushed).toBeGreaterThan(0);
    expect(await ingest.rowCount('signals', { column: 'check_id', value: check.checkId })).toBe(one.itemsPushed);
    expect(ingest.deliveredFor(check.runId)).toHaveLength(one.itemsPushed);
  });

  it('answers a redelivered failed check with its failure, without asking the provider again', async () => {
    const domain = domainAt(25);
    await provider.fail({ domain });
    const check = aCheck(domain, 'news_events', DAY);
    const first = await ingest.check(check);
    expect(first.completion).toMatchObject({ status: 'error_pl', errorCode: 'PROVIDER_UNAVAILABLE' });
    await provider.recover();
    await ingest.request(check);
    expect(await ingest.completionOf(check.checkId, 2)).toEqual(first.completion);
    expect(await ingest.rowCount('signals', { column: 'check_id', value: check.checkId })).toBe(0);
  });
});
