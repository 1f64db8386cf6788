import { aCheck, domainAt } from './signal-ingest-harness';
import { providerAndSignalIngest } from './support/provider-and-ingest';

const DAY = '2026-11-20';
const BUSY = domainAt(32);

describe('signal-ingest: a check that comes again records nothing twice and answers the same', () => {
  const world = providerAndSignalIngest();
  afterEach(() => world.provider.recover());

  it('answers a redelivered check with the same counters and the same signals, recording nothing more', async () => {
    const check = aCheck(BUSY, 'job_openings', DAY);
    const first = await world.ingest.check(check);
    expect(first.completion.itemsPushed).toBeGreaterThan(0);
    const firstIds = first.signals.map((signal) => signal.id).sort();

    await world.ingest.request(check);
    const again = await world.ingest.completionOf(check.checkId, 2);
    expect(again).toEqual(first.completion);
    expect(await world.ingest.rowCount('checks', { column: 'id', value: check.checkId })).toBe(1);
    expect(await world.ingest.rowCount('signals', { column: 'check_id', value: check.checkId })).toBe(first.completion.itemsPushed);
    expect(await world.ingest.rowCount('seen_items', { column: 'monitor_id', value: check.monitorId })).toBe(first.completion.itemsNew);
    // The signals were handed to delivery once; answering again does not hand them over twice.
    expect(world.ingest.deliveredFor(check.runId).map((event) => event.signal.id).sort()).toEqual(firstIds);
  });

  it('records a check once when two copies arrive at the same time', async () => {
    const check = aCheck(BUSY, 'news_events', DAY);
    await Promise.all([world.ingest.request(check), world.ingest.request(check)]);
    const [one, two] = await Promise.all([world.ingest.completionOf(check.checkId, 1), world.ingest.completionOf(check.checkId, 2)]);
    expect(two).toEqual(one);
    expect(one.itemsPushed).toBeGreaterThan(0);
    expect(await world.ingest.rowCount('signals', { column: 'check_id', value: check.checkId })).toBe(one.itemsPushed);
    expect(world.ingest.deliveredFor(check.runId)).toHaveLength(one.itemsPushed);
  });

  it('answers a redelivered failed check with its failure, without asking the provider again', async () => {
    const domain = domainAt(25);
    await world.provider.fail({ domain });
    const check = aCheck(domain, 'news_events', DAY);
    const first = await world.ingest.check(check);
    expect(first.completion).toMatchObject({ status: 'error_pl', errorCode: 'PROVIDER_UNAVAILABLE' });
    await world.provider.recover();
    await world.ingest.request(check);
    expect(await world.ingest.completionOf(check.checkId, 2)).toEqual(first.completion);
    expect(await world.ingest.rowCount('signals', { column: 'check_id', value: check.checkId })).toBe(0);
  });
});
