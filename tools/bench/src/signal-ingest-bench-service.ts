import { randomBytes, randomUUID } from 'node:crypto';
import type { Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';
import { freePort, ServiceProcess } from '@radar/e2e';

const secret = (): string => randomBytes(32).toString('base64url');

/**
 * The built signal-ingest (apps/signal-ingest/dist/main.js) on a loopback port, on a benchmark
 * database, with provider-sim beside it when the leads feed is wanted; called directly with a
 * signed caller identity, as the gateway forwards requests.
 */
export class BenchSignalIngest {
  private constructor(
    private readonly processes: ServiceProcess[],
    readonly url: string,
    readonly pid: number,
    private readonly namespace: string,
    private readonly signingSecret: string,
  ) {}

  static async start(options: { databaseUrl: string; leadsFeed: boolean }): Promise<BenchSignalIngest> {
    const namespace = `bench${uniqueSuffix()}.`;
    const signingSecret = secret();
    const apiKey = secret();
    const processes: ServiceProcess[] = [];
    const stopAll = () => Promise.all(processes.map((child) => child.stop()));
    try {
      const providerPort = await freePort();
      const provider = ServiceProcess.start('provider-sim', {
        PATH: process.env.PATH ?? '',
        PROVIDER_SIM_PORT: String(providerPort),
        PROVIDER_SIM_HOST: '127.0.0.1',
        PROVIDER_API_KEY: apiKey,
        OPERATOR_SECRET: secret(),
        LOG_LEVEL: 'warn',
      });
      processes.push(provider);
      await provider.waitUntilReady(`http://127.0.0.1:${providerPort}`);

      const port = await freePort();
      const service = ServiceProcess.start('signal-ingest', {
        PATH: process.env.PATH ?? '',
        NATS_URL: testInfrastructure.natsUrl,
        NATS_NAMESPACE: namespace,
        INTERNAL_SIGNING_SECRET: signingSecret,
        PROVIDER_URL: `http://127.0.0.1:${providerPort}`,
        PROVIDER_API_KEY: apiKey,
        SIGNAL_INGEST_PORT: String(port),
        SIGNAL_INGEST_HOST: '127.0.0.1',
        SIGNAL_INGEST_DATABASE_URL: options.databaseUrl,
        LEADS_FEED_ENABLED: String(options.leadsFeed),
        LOG_LEVEL: 'warn',
      });
      processes.push(service);
      const url = `http://127.0.0.1:${port}`;
      await service.waitUntilReady(url);
      return new BenchSignalIngest(processes, url, service.pid!, namespace, signingSecret);
    } catch (error) {
      await stopAll();
      throw error;
    }
  }

  /** Identity headers of a caller of the workspace, freshly signed. */
  headersFor(workspaceId: string): Record<string, string> {
    const caller: Caller = { workspaceId, userId: randomUUID(), tokenId: randomUUID(), scope: 'read', role: 'member' };
    return signCaller(caller, this.signingSecret);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.processes].reverse().map((child) => child.stop()));
    const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-cleanup', namespace: this.namespace, logger: silentLogger() });
    await bus.deleteStreams();
    await bus.close();
  }
}
