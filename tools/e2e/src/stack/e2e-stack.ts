import { randomBytes } from 'node:crypto';
import { QUEUES, SERVICE_CATALOGUE, serviceUrlVariable, type QueueName, type ServiceEntry } from '@radar/contracts';
import { Bus } from '@radar/platform/nats';
import { RabbitMq } from '@radar/platform/rabbitmq';
import { dropDatabase } from '@radar/platform/prisma';
import { freePort, silentLogger, testInfrastructure, uniqueSuffix } from '@radar/platform/testing';
import { startLocalMail, type StackMail } from './local-mail';
import { startStackObjectStorage, type StackObjectStorage } from './local-s3';
import { ServiceProcess } from './service-process';

export interface E2eStack {
  /** The public API's base address (paths go under /api/v1). */
  gatewayUrl: string;
  /** The operator interface the CLI talks to. */
  operatorUrl: string;
  operatorSecret: string;
  /** Each service's own address, by catalogue name (for measuring one without the gateway). */
  serviceUrls: Record<string, string>;
  /** The ledger's own address. */
  ledgerUrl: string;
  /** The secret services use to verify the gateway's caller identity. */
  signingSecret: string;
  /** The stack's NATS namespace: a client in it talks to the stack's services (request-reply, events). */
  natsNamespace: string;
  /** Each service's database, by catalogue name (tests that set up data no operator route makes). */
  databaseUrls: Record<string, string>;
  /** The local S3 server the export service writes files to. */
  objectStorage: StackObjectStorage;
  /** The SMTP server webhook-dispatch sends email digests to, with what it received. */
  mail: StackMail;
  /** Stops one service (SIGTERM) and leaves it stopped: an outage, as the others and `radar status` see it. */
  stopService(name: string): Promise<void>;
  /** The process id of a running service (benchmarks read its CPU time). */
  pidOf(name: string): number;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Extra environment for the gateway (benchmarks raise RATE_LIMIT_SCALE). */
  gatewayEnv?: Record<string, string>;
  /** Extra environment per service, by catalogue name. */
  serviceEnv?: Record<string, Record<string, string>>;
  /**
   * Starts only these catalogue services (a benchmark of one path needs a few); the others keep
   * their addresses in everyone's environment, where nothing answers. Default: all of them.
   */
  services?: readonly string[];
}

const databaseUrl = (name: string): string => {
  const url = new URL(testInfrastructure.postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const secret = (): string => randomBytes(32).toString('base64url');

/**
 * Each service's own settings in the stack, before the caller's `serviceEnv`. Receivers in the
 * tests listen on loopback over http, which development and tests allow (decisions.md, "Delivery").
 */
const stackServiceEnv = (): Record<string, Record<string, string>> => ({
  'webhook-dispatch': {
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
    // A short retry schedule, so a failing receiver in a test ends `failed` within seconds.
    DELIVERY_RETRY_DELAYS_MS: '1000,2000,4000',
  },
  // The leads feed reads every followed company from provider-sim at start (8,900 of the default
  // dataset: a minute of CPU on these machines); the specs about leads turn it on.
  'signal-ingest': { LEADS_FEED_ENABLED: 'false' },
});

interface PlannedService {
  entry: ServiceEntry;
  ports: Record<string, number>;
  databaseUrl?: string;
}

/**
 * Every built service of the catalogue, in its start order, on free loopback ports, each with a
 * fresh database of its own (created and migrated by the service at start), one NATS namespace
 * and Redis key prefix of the stack's own, so several stacks and other test runs never see each
 * other's data.
 */
export async function startStack(options: StackOptions = {}): Promise<E2eStack> {
  const suffix = uniqueSuffix();
  const namespace = `e2e${suffix}.`;
  const planned: PlannedService[] = [];
  for (const entry of SERVICE_CATALOGUE) {
    const ports: Record<string, number> = { main: await freePort() };
    for (const extra of entry.extraPorts) ports[extra.name] = await freePort();
    const ownDatabase = entry.database ? databaseUrl(`radar_e2e_${suffix}_${entry.name.replace(/-/g, '_')}`) : undefined;
    planned.push({ entry, ports, databaseUrl: ownDatabase });
  }
  const urlOf = (service: PlannedService, port = 'main') => `http://127.0.0.1:${service.ports[port]}`;
  const secrets = Object.fromEntries([...new Set(SERVICE_CATALOGUE.flatMap((entry) => entry.secrets))].map((name) => [name, secret()]));
  // Only what the services need: nothing from the developer's shell (a stray DATABASE_URL, say) leaks in.
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NATS_URL: testInfrastructure.natsUrl,
    NATS_NAMESPACE: namespace,
    REDIS_URL: testInfrastructure.redisUrl,
    REDIS_KEY_PREFIX: `e2e:${suffix}:`,
    AMQP_URL: testInfrastructure.amqpUrl,
    LOG_LEVEL: 'warn',
    ...secrets,
    ...Object.fromEntries(planned.map((service) => [serviceUrlVariable(service.entry.name), urlOf(service)])),
  };
  // signal-ingest asks the local provider stand-in, as under `npm start` when PROVIDER_URL is unset.
  const providerSim = planned.find((service) => service.entry.name === 'provider-sim');
  if (providerSim) shared.PROVIDER_URL = urlOf(providerSim);

  const localS3 = await startStackObjectStorage();
  const { storage } = localS3;
  const ownEnv = stackServiceEnv();
  ownEnv.export = {
    S3_ENDPOINT: storage.endpoint,
    S3_ACCESS_KEY: storage.accessKey,
    S3_SECRET_KEY: storage.secretKey,
    S3_BUCKET: storage.bucket,
    S3_REGION: storage.region,
    ...ownEnv.export,
  };
  // Delivery jobs on the stack's own queues; digests to the stack's own SMTP server.
  const localMail = await startLocalMail();
  ownEnv['webhook-dispatch'] = { ...ownEnv['webhook-dispatch'], AMQP_PREFIX: namespace, SMTP_URL: localMail.mail.url };
  const byName = (name: string) => planned.find((service) => service.entry.name === name)!;
  const running: ServiceProcess[] = [];
  const stack: E2eStack = {
    gatewayUrl: urlOf(byName('gateway')),
    operatorUrl: urlOf(byName('gateway'), 'operator'),
    operatorSecret: secrets.OPERATOR_SECRET!,
    signingSecret: secrets.INTERNAL_SIGNING_SECRET!,
    natsNamespace: namespace,
    serviceUrls: Object.fromEntries(planned.map((service) => [service.entry.name, urlOf(service)])),
    ledgerUrl: urlOf(byName('ledger')),
    databaseUrls: Object.fromEntries(planned.flatMap((service) => (service.databaseUrl ? [[service.entry.name, service.databaseUrl]] : []))),
    objectStorage: storage,
    mail: localMail.mail,
    pidOf: (name) => {
      const pid = running.find((candidate) => candidate.name === name)?.pid;
      if (pid === undefined) throw new Error(`${name} is not running in this stack`);
      return pid;
    },
    stopService: async (name) => {
      const service = running.find((candidate) => candidate.name === name);
      if (!service) throw new Error(`${name} is not running in this stack`);
      await service.stop();
    },
    stop: async () => {
      await Promise.all(running.map((service) => service.stop()));
      await localS3.stop();
      await localMail.stop();
      await deleteQueues(namespace, { ...ownEnv['webhook-dispatch'], ...options.serviceEnv?.['webhook-dispatch'] }.DELIVERY_RETRY_DELAYS_MS);
      await Promise.all(planned.flatMap((service) => (service.databaseUrl ? [dropDatabase(service.databaseUrl)] : [])));
      const bus = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'e2e-cleanup', namespace, logger: silentLogger() });
      await bus.deleteStreams();
      await bus.close();
    },
  };
  try {
    for (const service of planned.filter((candidate) => !options.services || options.services.includes(candidate.entry.name))) {
      const { entry } = service;
      const env: Record<string, string> = {
        ...shared,
        [entry.port.variable]: String(service.ports.main),
        [entry.hostVariable]: '127.0.0.1',
        ...Object.fromEntries(entry.extraPorts.flatMap((extra) => [[extra.variable, String(service.ports[extra.name])], [extra.hostVariable, '127.0.0.1']])),
        ...(entry.database && service.databaseUrl ? { [entry.database.variable]: service.databaseUrl } : {}),
        ...(entry.name === 'gateway' ? options.gatewayEnv : {}),
        ...ownEnv[entry.name],
        ...options.serviceEnv?.[entry.name],
      };
      const child = ServiceProcess.start(entry.name, env);
      running.push(child);
      await child.waitUntilReady(urlOf(service));
    }
  } catch (error) {
    await stack.stop().catch(() => undefined);
    throw error;
  }
  return stack;
}

/** Deletes the stack's RabbitMQ queues (their names carry the stack's prefix and the retry schedule's delays). */
async function deleteQueues(prefix: string, retryDelaysMs: string | undefined): Promise<void> {
  const retryDelays = (retryDelaysMs ?? '').split(',').map(Number).filter((delay) => delay > 0);
  if (retryDelays.length === 0) return;
  const policy = { retryDelaysMs: retryDelays };
  const queues = Object.fromEntries((Object.keys(QUEUES) as QueueName[]).map((name) => [name, policy]));
  await RabbitMq.deleteTopology({ url: testInfrastructure.amqpUrl, prefix, queues }).catch(() => undefined);
}
