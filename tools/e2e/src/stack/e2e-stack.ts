import { randomBytes } from 'node:crypto';
import { Bus } from '@radar/platform/nats';
import { dropDatabase } from '@radar/platform/prisma';
import { silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';
import { freePort } from './free-port';
import { ServiceProcess } from './service-process';

export interface E2eStack {
  /** The public API's base address (paths go under /api/v1). */
  gatewayUrl: string;
  /** The operator interface the CLI talks to. */
  operatorUrl: string;
  operatorSecret: string;
  /** The ledger's own address, for measuring it without the gateway. */
  ledgerUrl: string;
  /** The secret services use to verify the gateway's caller identity. */
  signingSecret: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Extra environment for the gateway (benchmarks raise RATE_LIMIT_SCALE). */
  gatewayEnv?: Record<string, string>;
}

const databaseUrl = (name: string): string => {
  const url = new URL(testInfrastructure.postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const secret = (): string => randomBytes(32).toString('base64url');

/**
 * The built ledger and gateway on free loopback ports, each with a fresh database of its own
 * (created and migrated by the service at start), its own NATS namespace and Redis key prefix,
 * so several stacks and other test runs never see each other's data.
 */
export async function startStack(options: StackOptions = {}): Promise<E2eStack> {
  const suffix = uniqueSuffix();
  const [ledgerPort, searchPort, gatewayPort, operatorPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const databases = [
    databaseUrl(`radar_e2e_${suffix}_ledger`),
    databaseUrl(`radar_e2e_${suffix}_gateway`),
    databaseUrl(`radar_e2e_${suffix}_search`),
  ] as const;
  const namespace = `e2e${suffix}.`;
  const operatorSecret = secret();
  const signingSecret = secret();
  // Only what the services need: nothing from the developer's shell (a stray DATABASE_URL, say) leaks in.
  const shared = {
    PATH: process.env.PATH ?? '',
    NATS_URL: testInfrastructure.natsUrl,
    NATS_NAMESPACE: namespace,
    INTERNAL_SIGNING_SECRET: signingSecret,
    LOG_LEVEL: 'warn',
  };
  const ledgerUrl = `http://127.0.0.1:${ledgerPort}`;
  const searchUrl = `http://127.0.0.1:${searchPort}`;
  const running: ServiceProcess[] = [];
  const stack: E2eStack = {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    operatorUrl: `http://127.0.0.1:${operatorPort}`,
    operatorSecret,
    ledgerUrl,
    signingSecret,
    stop: async () => {
      await Promise.all(running.map((service) => service.stop()));
      await Promise.all(databases.map((url) => dropDatabase(url)));
      const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'e2e-cleanup', namespace, logger: silentLogger() });
      await bus.deleteStreams();
      await bus.close();
    },
  };
  try {
    const ledger = ServiceProcess.start('ledger', {
      ...shared,
      LEDGER_PORT: String(ledgerPort),
      LEDGER_HOST: '127.0.0.1',
      LEDGER_DATABASE_URL: databases[0],
    });
    running.push(ledger);
    await ledger.waitUntilReady(ledgerUrl);
    const search = ServiceProcess.start('search', {
      ...shared,
      SEARCH_PORT: String(searchPort),
      SEARCH_HOST: '127.0.0.1',
      SEARCH_DATABASE_URL: databases[2],
      OPERATOR_SECRET: operatorSecret,
      CURSOR_SECRET: secret(),
    });
    running.push(search);
    await search.waitUntilReady(searchUrl);
    const gateway = ServiceProcess.start('gateway', {
      ...shared,
      GATEWAY_PORT: String(gatewayPort),
      GATEWAY_HOST: '127.0.0.1',
      OPERATOR_PORT: String(operatorPort),
      OPERATOR_HOST: '127.0.0.1',
      OPERATOR_SECRET: operatorSecret,
      GATEWAY_DATABASE_URL: databases[1],
      REDIS_URL: testInfrastructure.redisUrl,
      REDIS_KEY_PREFIX: `e2e:${suffix}:`,
      LEDGER_URL: ledgerUrl,
      SEARCH_URL: searchUrl,
      ...options.gatewayEnv,
    });
    running.push(gateway);
    await gateway.waitUntilReady(stack.gatewayUrl);
  } catch (error) {
    await stack.stop().catch(() => undefined);
    throw error;
  }
  return stack;
}
