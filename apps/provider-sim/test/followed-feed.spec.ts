import { PROVIDER_FOLLOWED_PATH, providerFollowedResponseSchema, providerResponseSchema, SIGNAL_TYPES, type ProviderFollowedResponse } from '@radar/contracts';
import { followedIndices, generateCompany } from '@radar/dataset';
import { errorOf, startProviderSim, TEST_PROVIDER_API_KEY, type ProviderSimHarness } from './provider-sim-harness';

/** A small dataset: 2,000 companies, so 200 followed. */
const SMALL = { seed: 7, companies: 2_000 };

describe('provider-sim: the followed companies feed', () => {
  let provider: ProviderSimHarness;
  beforeAll(async () => {
    provider = await startProviderSim({ env: { DATASET_SEED: String(SMALL.seed), DATASET_COMPANIES: String(SMALL.companies) } });
  });
  afterAll(() => provider.close());

  const feed = (query: Record<string, string>, apiKey: string | null = TEST_PROVIDER_API_KEY) =>
    fetch(`${provider.url}${PROVIDER_FOLLOWED_PATH}?${new URLSearchParams(query)}`, { headers: apiKey === null ? {} : { 'x-api-key': apiKey } });

  const page = async (query: Record<string, string>): Promise<ProviderFollowedResponse> => {
    const response = await feed(query);
    expect(response.status).toBe(200);
    return providerFollowedResponseSchema.parse(await response.json());
  };

  it('answers 401 without the API key', async () => {
    const response = await feed({ as_of: '2026-11-25', since: '2026-01-01' }, null);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('MISSING_AUTH_HEADER');
  });

  it('refuses bad days, since after as_of and a page over 500 with 422 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ as_of: '2026-02-30', since: '2026-01-01' }, 'as_of'],
      [{ as_of: '2026-11-25' }, 'since'],
      [{ as_of: '2026-11-25', since: '2026-11-26' }, 'since'],
      [{ as_of: '2026-11-25', since: '2026-01-01', limit: '501' }, 'limit'],
      [{ as_of: '2026-11-25', since: '2026-01-01', offset: '-1' }, 'offset'],
    ];
    for (const [query, field] of cases) {
      const response = await feed(query);
      expect(response.status).toBe(422);
      expect((await errorOf(response)).message).toContain(field);
    }
  });

  it('pages through every followed company of the dataset exactly once, in a stable order', async () => {
    const expected = [...followedIndices({ seed: SMALL.seed, count: SMALL.companies })].map((index) => generateCompany(SMALL.seed, index));
    const seen: { domain: string; name: string }[] = [];
    for (let offset = 0; ; offset += 70) {
      const body = await page({ as_of: '2026-11-25', since: '2026-11-01', offset: String(offset), limit: '70' });
      expect(body.meta.total).toBe(200);
      seen.push(...body.data.map(({ domain, name }) => ({ domain, name })));
      if (body.data.length < 70) break;
    }
    expect(seen).toEqual(expected.map((company) => ({ domain: company.domain, name: company.name })));
  });

  it("carries each company's items of every type from since to as_of, the same the per-company API serves", async () => {
    const body = await page({ as_of: '2026-11-25', since: '2026-06-01', limit: '20' });
    const types = new Set(body.data.flatMap((company) => company.items.map((item) => item.signal_type)));
    expect([...types].sort()).toEqual([...SIGNAL_TYPES].sort());
    for (const company of body.data.slice(0, 5)) {
      const days = company.items.map((item) => item.happened_on);
      expect(days).toEqual([...days].sort().reverse());
      expect(days.every((day) => day >= '2026-06-01' && day <= '2026-11-25')).toBe(true);
      const perCompany = [];
      for (const signalType of SIGNAL_TYPES) {
        const response = await provider.items(company.domain, signalType, '2026-11-25');
        perCompany.push(...providerResponseSchema.parse(await response.json()).data.filter((item) => item.happened_on >= '2026-06-01'));
      }
      expect(new Set(company.items.map((item) => item.id))).toEqual(new Set(perCompany.map((item) => item.id)));
    }
  });

  it('clips since to the year of history the provider keeps', async () => {
    const body = await page({ as_of: '2026-11-25', since: '2020-01-01', limit: '10' });
    const oldest = body.data.flatMap((company) => company.items.map((item) => item.happened_on)).sort()[0];
    expect(oldest! >= '2025-11-26').toBe(true);
  });
});
