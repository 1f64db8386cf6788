import { randomBytes, randomUUID } from 'node:crypto';
import type { Caller } from '@radar/contracts';
import { signCaller } from '@radar/platform/internal-auth';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';
import { freePort, ServiceProcess } from '@radar/e2e';
import { operatorCall } from './operator-call';

const secret = (): string => randomBytes(32).toString('base64url');

export interface TimedResponse {
  status: number;
  body: unknown;
  ms: number;
}

/** One JSON POST, timed from send to the last byte of the answer. */
export async function timedPost(url: string, headers: Record<string, string>, body: object): Promise<TimedResponse> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  const ms = performance.now() - started;
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown), ms };
}

/** The built search service (apps/search/dist/main.js) on a loopback port, driven over HTTP. */
export class BenchSearchService {
  private constructor(
    private readonly process: ServiceProcess,
    readonly url: string,
    private readonly namespace: string,
    private readonly operatorSecret: string,
    private readonly signingSecret: string,
    readonly caller: Caller,
  ) {}

  static async start(databaseUrl: string): Promise<BenchSearchService> {
    const port = await freePort();
    const namespace = `bench${uniqueSuffix()}.`;
    const [operatorSecret, signingSecret] = [secret(), secret()];
    const service = ServiceProcess.start('search', {
      PATH: process.env.PATH ?? '',
      NATS_URL: testInfrastructure.natsUrl,
      NATS_NAMESPACE: namespace,
      INTERNAL_SIGNING_SECRET: signingSecret,
      OPERATOR_SECRET: operatorSecret,
      CURSOR_SECRET: secret(),
      SEARCH_PORT: String(port),
      SEARCH_HOST: '127.0.0.1',
      SEARCH_DATABASE_URL: databaseUrl,
      // The bench database was migrated before the start (see search-database.ts).
      RUN_MIGRATIONS: 'false',
      LOG_LEVEL: 'warn',
    });
    const url = `http://127.0.0.1:${port}`;
    const caller: Caller = { workspaceId: randomUUID(), userId: randomUUID(), tokenId: randomUUID(), scope: 'read', role: 'member' };
    const bench = new BenchSearchService(service, url, namespace, operatorSecret, signingSecret, caller);
    try {
      await service.waitUntilReady(url);
    } catch (error) {
      await bench.stop();
      throw error;
    }
    return bench;
  }

  /** One public call with a freshly signed caller identity, timed from send to the last byte of the answer. */
  post(route: '/companies/search' | '/companies/counts', body: object): Promise<TimedResponse> {
    return timedPost(`${this.url}${route}`, signCaller(this.caller, this.signingSecret), body);
  }

  /** An operator call (see operatorCall). */
  operator(method: 'GET' | 'POST', route: string, body?: object): Promise<unknown> {
    return operatorCall(this.url, this.operatorSecret, method, route, body);
  }

  async stop(): Promise<void> {
    await this.process.stop();
    const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'bench-cleanup', namespace: this.namespace, logger: silentLogger() });
    await bus.deleteStreams();
    await bus.close();
  }
}
