import { errorEnvelopeSchema, OPERATOR_PREFIX, PROVIDER_PATH, type InjectProviderFailureBody } from '@radar/contracts';
import { generateCompany } from '@radar/dataset';
import { startTestService, TEST_SECRETS, type TestServiceOptions } from '@radar/platform/testing';
import { providerSimService } from '../src/service';

export const TEST_PROVIDER_API_KEY = 'test-provider-api-key';

/** The dataset of `npm start` (radar dataset load's defaults): seed 1, 100,000 companies. */
export const DATASET = { seed: 1, companies: 100_000 };

/** The domain of the company at `index` of the default dataset. */
export const domainAt = (index: number): string => generateCompany(DATASET.seed, index).domain;

/** A running provider-sim of its own, and a client that calls it the way signal-ingest does. */
export async function startProviderSim(options: TestServiceOptions = {}) {
  const service = await startTestService(providerSimService, {
    ...options,
    env: { PROVIDER_API_KEY: TEST_PROVIDER_API_KEY, ...options.env },
  });
  const url = service.urls.main!;
  return {
    url,
    service,
    /** GET the provider API; `apiKey: null` sends none. */
    items(domain: string, signalType: string, asOf: string, init: { apiKey?: string | null; signal?: AbortSignal } = {}) {
      const apiKey = init.apiKey === undefined ? TEST_PROVIDER_API_KEY : init.apiKey;
      return fetch(`${url}${PROVIDER_PATH(domain, signalType)}?as_of=${encodeURIComponent(asOf)}`, {
        headers: apiKey === null ? {} : { 'x-api-key': apiKey },
        signal: init.signal,
      });
    },
    /** Calls the operator route as the gateway's passthrough does. */
    operator(path: string, body: Partial<InjectProviderFailureBody> | Record<string, unknown>, secret: string = TEST_SECRETS.OPERATOR_SECRET) {
      return fetch(`${url}${OPERATOR_PREFIX}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
    close: () => service.close(),
  };
}

export type ProviderSimHarness = Awaited<ReturnType<typeof startProviderSim>>;

/** The `detail` of an error envelope answer. */
export const errorOf = async (response: Response) => errorEnvelopeSchema.parse(await response.json()).detail;
