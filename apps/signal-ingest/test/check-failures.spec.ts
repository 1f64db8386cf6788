import { aCheck, domainAt, startSignalIngest } from './signal-ingest-harness';
import { providerAndSignalIngest } from './support/provider-and-ingest';

const DAY = '2026-11-20';
const PROVIDER_TIMEOUT_MS = 300;

describe('signal-ingest: provider failures become error_pl, our own become error_other', () => {
  const world = providerAndSignalIngest({
    // The provider holds an injected timeout far longer than signal-ingest waits.
    provider: { timeoutHoldMs: 10_000 },
    ingest: { env: { PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS), PROVIDER_MAX_ATTEMPTS: '3' } },
  });
  afterEach(() => world.provider.recover());

  it('answers error_pl PROVIDER_UNAVAILABLE when the provider keeps failing, and records no signal', async () => {
    const domain = domainAt(11);
    await world.provider.fail({ domain });
    const check = aCheck(domain, 'news_events', DAY);
    const { completion, signals } = await world.ingest.check(check);
    expect(completion).toMatchObject({ status: 'error_pl', errorCode: 'PROVIDER_UNAVAILABLE', itemsFetched: 0, itemsNew: 0, itemsPushed: 0 });
    expect(signals).toEqual([]);
    expect(await world.ingest.rowCount('checks', { column: 'id', value: check.checkId })).toBe(1);
    expect(await world.ingest.rowCount('seen_items', { column: 'monitor_id', value: check.monitorId })).toBe(0);
  });

  it('retries a failing provider with back-off: two failures then an answer is a successful check', async () => {
    const domain = domainAt(12);
    const expected = await world.provider.items(domain, 'news_events', DAY);
    await world.provider.fail({ domain, signal_type: 'news_events', times: 2 });
    const { completion } = await world.ingest.check(aCheck(domain, 'news_events', DAY));
    expect(completion).toMatchObject({ status: 'success', itemsFetched: expected.length, itemsPushed: expected.length });
  });

  it('answers error_pl PROVIDER_TIMEOUT when the provider does not answer in time, after its bounded attempts', async () => {
    const domain = domainAt(13);
    await world.provider.fail({ domain, mode: 'timeout' });
    const check = aCheck(domain, 'job_openings', DAY);
    const startedAt = Date.now();
    const { completion } = await world.ingest.check(check);
    expect(completion).toMatchObject({ status: 'error_pl', errorCode: 'PROVIDER_TIMEOUT', itemsFetched: 0, itemsPushed: 0 });
    // Three attempts of 300 ms each, not the provider's 10 s hold.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3 * PROVIDER_TIMEOUT_MS);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('answers error_other PROVIDER_AUTH_REJECTED when the provider refuses our API key', async () => {
    const misconfigured = await startSignalIngest(world.provider.url, { env: { PROVIDER_API_KEY: 'a-key-the-provider-never-issued' } });
    try {
      const { completion } = await misconfigured.check(aCheck(domainAt(14), 'news_events', DAY));
      expect(completion).toMatchObject({ status: 'error_other', errorCode: 'PROVIDER_AUTH_REJECTED', itemsFetched: 0 });
    } finally {
      await misconfigured.close();
    }
  });

  it('answers error_pl PROVIDER_UNREACHABLE when nothing listens at the provider address', async () => {
    const nowhere = await startSignalIngest('http://127.0.0.1:9', { env: { PROVIDER_MAX_ATTEMPTS: '2' } });
    try {
      const { completion } = await nowhere.check(aCheck(domainAt(15), 'news_events', DAY));
      expect(completion).toMatchObject({ status: 'error_pl', errorCode: 'PROVIDER_UNREACHABLE' });
    } finally {
      await nowhere.close();
    }
  });
});
