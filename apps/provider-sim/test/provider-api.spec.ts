import { PROVIDER_HISTORY_DAYS, providerResponseSchema, type ProviderItem, type ProviderResponse } from '@radar/contracts';
import { formatDay, parseDay } from '@radar/dataset';
import { domainAt, errorOf, startProviderSim, type ProviderSimHarness } from './provider-sim-harness';

/** A company of 1,001-5,000 employees: many job openings and news a year. */
const BUSY = domainAt(32);

describe('provider-sim: the provider API over HTTP', () => {
  let provider: ProviderSimHarness;
  beforeAll(async () => {
    provider = await startProviderSim();
  });
  afterAll(() => provider.close());

  const itemsOf = async (domain: string, signalType: string, asOf: string): Promise<ProviderResponse> => {
    const response = await provider.items(domain, signalType, asOf);
    expect(response.status).toBe(200);
    return providerResponseSchema.parse(await response.json());
  };

  it('answers 401 without the API key and with a wrong one', async () => {
    const missing = await provider.items(BUSY, 'news_events', '2026-11-25', { apiKey: null });
    expect(missing.status).toBe(401);
    expect((await errorOf(missing)).code).toBe('MISSING_AUTH_HEADER');
    const wrong = await provider.items(BUSY, 'news_events', '2026-11-25', { apiKey: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe('INVALID_TOKEN');
  });

  it('refuses a day that is not a calendar day and an unknown signal type with 422', async () => {
    for (const asOf of ['2026-02-30', '2026-11', 'yesterday']) {
      const response = await provider.items(BUSY, 'news_events', asOf);
      expect(response.status).toBe(422);
      expect((await errorOf(response)).message).toContain('as_of');
    }
    const unknownType = await provider.items(BUSY, 'tweets', '2026-11-25');
    expect(unknownType.status).toBe(422);
    expect((await errorOf(unknownType)).message).toContain('signal_type');
  });

  it('refuses a day of year 0 and a NUL in the domain path with 422 naming them', async () => {
    const yearZero = await provider.items(BUSY, 'news_events', '0000-01-01');
    expect(yearZero.status).toBe(422);
    expect((await errorOf(yearZero)).message).toContain('query field "as_of": must be a day from 0001-01-01 to 9999-12-31');
    const nul = await provider.items('a\u0000.com', 'news_events', '2026-11-25');
    expect(nul.status).toBe(422);
    expect((await errorOf(nul)).message).toContain('path field "domain": must not contain a NUL character');
  });

  it('serves each signal type of a company as of a day: a year of items, newest first, in the contract shape', async () => {
    for (const signalType of ['job_openings', 'financing_events', 'news_events', 'connections'] as const) {
      const body = await itemsOf(BUSY, signalType, '2026-11-25');
      expect(body.meta).toEqual({ domain: BUSY, signal_type: signalType, as_of: '2026-11-25', count: body.data.length });
      expect(body.data.every((item) => item.signal_type === signalType)).toBe(true);
      const days = body.data.map((item) => item.happened_on);
      expect(days).toEqual([...days].sort().reverse());
      expect(days.every((day) => day <= '2026-11-25' && parseDay(day) > parseDay('2026-11-25') - PROVIDER_HISTORY_DAYS)).toBe(true);
    }
    const openings = await itemsOf(BUSY, 'job_openings', '2026-11-25');
    expect(openings.data.length).toBeGreaterThan(10);
    expect(openings.data.every((item) => item.job_opening !== null && item.job_opening.title !== '' && item.job_opening.categories.length > 0)).toBe(true);
    const news = await itemsOf(BUSY, 'news_events', '2026-11-25');
    expect(news.data.every((item) => item.job_opening === null)).toBe(true);
  });

  it('answers the same items for the same question (deterministic from the dataset seed)', async () => {
    const first = await itemsOf(BUSY, 'news_events', '2026-03-01');
    const again = await itemsOf(BUSY, 'news_events', '2026-03-01');
    expect(again).toEqual(first);
    expect(first.data.length).toBeGreaterThan(0);
  });

  it('keeps every item and its id from one day to the next, and later days bring new items', async () => {
    let previous: ProviderItem[] = (await itemsOf(BUSY, 'job_openings', '2026-09-30')).data;
    const newDays: string[] = [];
    for (let day = parseDay('2026-10-01'); day <= parseDay('2026-11-25'); day += 1) {
      const asOf = formatDay(day);
      const current = (await itemsOf(BUSY, 'job_openings', asOf)).data;
      const byId = new Map(current.map((item) => [item.id, item]));
      // Everything seen the day before is still served, unchanged, unless it left the year of history.
      const kept = previous.filter((item) => parseDay(item.happened_on) > day - PROVIDER_HISTORY_DAYS);
      for (const item of kept) expect(byId.get(item.id)).toEqual(item);
      const before = new Set(previous.map((item) => item.id));
      const added = current.filter((item) => !before.has(item.id));
      expect(added.every((item) => item.happened_on === asOf)).toBe(true);
      if (added.length > 0) newDays.push(asOf);
      previous = current;
    }
    expect(newDays.length).toBeGreaterThan(1);
  });

  it('serves the dataset year (up to 2025-06-30) and the days after it alike', async () => {
    const inDatasetYear = await itemsOf(BUSY, 'news_events', '2025-06-30');
    const longAfter = await itemsOf(BUSY, 'news_events', '2026-11-25');
    expect(inDatasetYear.data.length).toBeGreaterThan(0);
    expect(longAfter.data.some((item) => item.happened_on >= '2026-07-01')).toBe(true);
    const ids = new Set(inDatasetYear.data.map((item) => item.id));
    expect(longAfter.data.some((item) => ids.has(item.id))).toBe(false);
  });

  it('answers 200 with no items for a domain that is not one of the dataset companies', async () => {
    for (const domain of ['unknown-company.example', 'acme.com', domainAt(150_000)]) {
      const body = await itemsOf(domain, 'news_events', '2026-11-25');
      expect(body).toEqual({ data: [], meta: { domain, signal_type: 'news_events', as_of: '2026-11-25', count: 0 } });
    }
  });

  it('matches the domain case-insensitively', async () => {
    const lower = await itemsOf(BUSY, 'connections', '2026-11-25');
    const upper = await itemsOf(BUSY.toUpperCase(), 'connections', '2026-11-25');
    expect(upper.data).toEqual(lower.data);
  });
});
