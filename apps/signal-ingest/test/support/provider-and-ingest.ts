import type { TestServiceOptions } from '@radar/platform/testing';
import { startProviderSimProcess, type ProviderSimProcess } from '../provider-sim-process';
import { startSignalIngest, type SignalIngestHarness } from '../signal-ingest-harness';

export interface ProviderAndIngestOptions {
  provider?: Parameters<typeof startProviderSimProcess>[0];
  ingest?: TestServiceOptions;
}

const started = <T>(value: T | undefined, name: string): T => {
  if (value === undefined) throw new Error(`${name} starts in beforeAll: read it inside a test`);
  return value;
};

/**
 * The world of a file's tests: provider-sim, and a signal-ingest of its own that asks it,
 * started before the file's tests and stopped after them.
 */
export function providerAndSignalIngest(options: ProviderAndIngestOptions = {}): { readonly provider: ProviderSimProcess; readonly ingest: SignalIngestHarness } {
  let provider: ProviderSimProcess | undefined;
  let ingest: SignalIngestHarness | undefined;
  beforeAll(async () => {
    provider = await startProviderSimProcess(options.provider);
    ingest = await startSignalIngest(provider.url, options.ingest);
  }, 60_000);
  afterAll(async () => {
    await ingest?.close();
    await provider?.stop();
  });
  return {
    get provider() {
      return started(provider, 'provider-sim');
    },
    get ingest() {
      return started(ingest, 'signal-ingest');
    },
  };
}
