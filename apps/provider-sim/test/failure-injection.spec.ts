import { PROVIDER_OPERATOR_ROUTES } from '@radar/contracts';
import { domainAt, errorOf, startProviderSim, type ProviderSimHarness } from './provider-sim-harness';

const DAY = '2026-11-25';
const HOLD_MS = 1_500;

describe('provider-sim: failure injection (radar provider fail)', () => {
  let provider: ProviderSimHarness;
  beforeAll(async () => {
    provider = await startProviderSim({ env: { PROVIDER_SIM_TIMEOUT_HOLD_MS: String(HOLD_MS) } });
  });
  afterAll(() => provider.close());
  afterEach(() => provider.operator(PROVIDER_OPERATOR_ROUTES.clearFailures.path, {}));

  const fail = async (body: Record<string, unknown>) => {
    const response = await provider.operator(PROVIDER_OPERATOR_ROUTES.injectFailure.path, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  };
  const statusOf = async (domain: string, signalType: string) => (await provider.items(domain, signalType, DAY)).status;

  it('refuses the operator route without the operator secret, and bad bodies with 422 naming the field', async () => {
    const unauthorised = await provider.operator(PROVIDER_OPERATOR_ROUTES.injectFailure.path, { domain: domainAt(1) }, 'wrong-secret');
    expect(unauthorised.status).toBe(401);
    for (const [body, field] of [
      [{}, 'domain'],
      [{ domain: domainAt(1), times: 0 }, 'times'],
      [{ domain: domainAt(1), signal_type: 'tweets' }, 'signal_type'],
      [{ domain: domainAt(1), mode: 'slow' }, 'mode'],
      [{ domain: domainAt(1), colour: 'red' }, 'colour'],
    ] as const) {
      const response = await provider.operator(PROVIDER_OPERATOR_ROUTES.injectFailure.path, body);
      expect(response.status).toBe(422);
      expect((await errorOf(response)).message).toContain(field);
    }
  });

  it('answers 503 for the failing domain until the failure is cleared, and leaves other domains alone', async () => {
    const domain = domainAt(2);
    await fail({ domain });
    for (const signalType of ['job_openings', 'news_events', 'news_events']) expect(await statusOf(domain, signalType)).toBe(503);
    expect(await statusOf(domainAt(3), 'news_events')).toBe(200);
    expect((await errorOf(await provider.items(domain, 'news_events', DAY))).code).toBe('SERVICE_UNAVAILABLE');
    const cleared = await provider.operator(PROVIDER_OPERATOR_ROUTES.clearFailures.path, { domain });
    expect(cleared.status).toBe(200);
    expect(await statusOf(domain, 'news_events')).toBe(200);
  });

  it('fails only the named signal type when one is given', async () => {
    const domain = domainAt(4);
    await fail({ domain, signal_type: 'financing_events' });
    expect(await statusOf(domain, 'financing_events')).toBe(503);
    expect(await statusOf(domain, 'news_events')).toBe(200);
  });

  it('fails the next N requests with --times N, then recovers', async () => {
    const domain = domainAt(5);
    await fail({ domain: domain.toUpperCase(), signal_type: 'news_events', times: 2 });
    expect(await statusOf(domain, 'news_events')).toBe(503);
    expect(await statusOf(domain, 'job_openings')).toBe(200);
    expect(await statusOf(domain, 'news_events')).toBe(503);
    expect(await statusOf(domain, 'news_events')).toBe(200);
    expect(await statusOf(domain, 'news_events')).toBe(200);
  });

  it('holds the response longer than a caller waits in timeout mode, then answers 503', async () => {
    const domain = domainAt(6);
    await fail({ domain, mode: 'timeout', times: 2 });
    const callerGivesUp = provider.items(domain, 'news_events', DAY, { signal: AbortSignal.timeout(300) });
    await expect(callerGivesUp).rejects.toThrow();
    const startedAt = Date.now();
    const held = await provider.items(domain, 'news_events', DAY);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(HOLD_MS - 50);
    expect(held.status).toBe(503);
    expect(await statusOf(domain, 'news_events')).toBe(200);
  });
});
