import { spawn } from 'node:child_process';
import path from 'node:path';
import { OPERATOR_PREFIX, PROVIDER_OPERATOR_ROUTES, PROVIDER_PATH, providerResponseSchema, type InjectProviderFailureBody, type ProviderItem } from '@radar/contracts';
import { freePort, TEST_SECRETS } from '@radar/platform/testing';

const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');
const READY_TIMEOUT_MS = 30_000;

export const TEST_PROVIDER_API_KEY = 'signal-ingest-test-provider-key';

/**
 * The provider stand-in as its own process (from its sources), reached over HTTP only, the way
 * signal-ingest reaches any provider. Its dataset is `npm start`'s (seed 1, 100,000 companies)
 * unless `dataset` names another.
 */
export async function startProviderSimProcess(options: { timeoutHoldMs?: number; dataset?: { seed: number; companies: number } } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPOSITORY_ROOT, 'apps/provider-sim/src/main.ts')], {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      TSX_TSCONFIG_PATH: path.join(REPOSITORY_ROOT, 'apps/provider-sim/tsconfig.json'),
      PROVIDER_SIM_PORT: String(port),
      PROVIDER_API_KEY: TEST_PROVIDER_API_KEY,
      OPERATOR_SECRET: TEST_SECRETS.OPERATOR_SECRET,
      PROVIDER_SIM_TIMEOUT_HOLD_MS: String(options.timeoutHoldMs ?? 30_000),
      ...(options.dataset ? { DATASET_SEED: String(options.dataset.seed), DATASET_COMPANIES: String(options.dataset.companies) } : {}),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-10_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`provider-sim exited before it was ready:\n${output}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`provider-sim was not ready within ${READY_TIMEOUT_MS} ms:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const operator = async (route: { path: string }, body: object): Promise<void> => {
    const response = await fetch(`${url}${OPERATOR_PREFIX}${route.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SECRETS.OPERATOR_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`provider-sim operator call failed: ${response.status} ${await response.text()}`);
  };

  return {
    url,
    /** What the provider answers: the oracle the checks are compared with. */
    async items(domain: string, signalType: string, asOf: string): Promise<ProviderItem[]> {
      const response = await fetch(`${url}${PROVIDER_PATH(domain, signalType)}?as_of=${asOf}`, { headers: { 'x-api-key': TEST_PROVIDER_API_KEY } });
      if (!response.ok) throw new Error(`provider-sim answered ${response.status}`);
      return providerResponseSchema.parse(await response.json()).data;
    },
    fail: (failure: Partial<InjectProviderFailureBody> & { domain: string }) => operator(PROVIDER_OPERATOR_ROUTES.injectFailure, failure),
    recover: () => operator(PROVIDER_OPERATOR_ROUTES.clearFailures, {}),
    async stop(): Promise<void> {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type ProviderSimProcess = Awaited<ReturnType<typeof startProviderSimProcess>>;
