import { randomBytes } from 'node:crypto';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure } from '@radar/platform/testing';
import { benchServices } from './bench-services';

/**
 * The services a monitor run touches, each a built process (`npx nx run-many -t build`) with a
 * fresh database of its own and one NATS namespace: ledger, provider-sim, signal-ingest and
 * monitor-scheduler (or, without signal-ingest, only the ledger and monitor-scheduler, whose
 * checks the benchmark then answers itself). Delivery (webhook-dispatch) is left out: a run ends
 * without it.
 */
export async function startMonitorRunStack(options: { env?: Record<string, Record<string, string>>; withSignalIngest: boolean }) {
  const env = options.env ?? {};
  const services = benchServices();
  const providerKey = { PROVIDER_API_KEY: randomBytes(16).toString('hex') };
  const start = (name: string, own: Record<string, string> = {}) => services.start(name, { env: { ...own, ...env[name] } });

  try {
    const ledger = await start('ledger');
    const provider = options.withSignalIngest ? await start('provider-sim', providerKey) : undefined;
    // The leads feed (its first reading of the followed companies' year) is no part of a monitor run.
    const signalIngest = provider ? await start('signal-ingest', { ...providerKey, PROVIDER_URL: provider.url, LEADS_FEED_ENABLED: 'false' }) : undefined;
    const scheduler = await start('monitor-scheduler');
    const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-client', namespace: services.namespace, logger: silentLogger() });
    return {
      namespace: services.namespace,
      secrets: services.secrets,
      ledger,
      provider,
      signalIngest,
      scheduler,
      client,
      processes: services.processes,
      async stop() {
        await client.close();
        await services.stop();
      },
    };
  } catch (error) {
    await services.stop();
    throw error;
  }
}

export type MonitorRunStack = Awaited<ReturnType<typeof startMonitorRunStack>>;
