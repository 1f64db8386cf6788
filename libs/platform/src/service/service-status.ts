import type { InfrastructureName, QueueDepth, ServiceStatus } from '@radar/contracts';
import { failingChecks, type ReadinessChecks } from '../http';
import type { ReadinessCheck } from './service-definition';

/** What a service adds to its `GET /statusz` beyond readiness (`radar status`). */
export interface ServiceStatusHooks {
  /** The version of the data it serves (search: its dataset); absent or null where there is none. */
  dataVersion?: () => Promise<string | null>;
  /** Infrastructure it reaches without depending on it to be ready (export: object storage). */
  infrastructure?: Partial<Record<InfrastructureName, ReadinessCheck>>;
  /** The depths of the RabbitMQ queues it consumes. */
  queues?: () => Promise<QueueDepth[]>;
}

/** Readiness checks that are infrastructure, by the names the platform and the services give them. */
const INFRASTRUCTURE_CHECKS: Record<string, InfrastructureName> = {
  database: 'postgresql',
  nats: 'nats',
  redis: 'redis',
  rabbitmq: 'rabbitmq',
};

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A status page answers even when a dependency hangs: a check that takes longer counts as failed. */
const CHECK_TIMEOUT_MS = 3_000;

function bounded<T>(read: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      read().then(resolve, reject).finally(() => clearTimeout(timer));
    });
}

const boundedAll = (checks: ReadinessChecks): ReadinessChecks => Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, bounded(check)]));

/** A hook that fails only blanks its own part of the answer: a status page must not fail with what it reports. */
async function settled<T>(read: (() => Promise<T>) | undefined, fallback: T): Promise<T> {
  if (!read) return fallback;
  try {
    return await read();
  } catch {
    return fallback;
  }
}

/** The service's answer on /statusz: its readiness checks, run now, and what its hooks report. */
export async function serviceStatus(service: string, version: string, readiness: ReadinessChecks, hooks: ServiceStatusHooks = {}): Promise<ServiceStatus> {
  const extra = Object.fromEntries(Object.entries(hooks.infrastructure ?? {}).map(([name, check]) => [`infrastructure:${name}`, check]));
  const [failures, dataVersion, queues] = await Promise.all([
    failingChecks(boundedAll({ ...readiness, ...extra })),
    settled(hooks.dataVersion && bounded(hooks.dataVersion), null),
    settled(hooks.queues && bounded(hooks.queues), []),
  ]);
  const failed = new Map(failures.map((failure) => [failure.name, describe(failure.error)]));
  const infrastructure: ServiceStatus['infrastructure'] = {};
  for (const name of Object.keys(readiness)) {
    const infra = INFRASTRUCTURE_CHECKS[name];
    if (infra) infrastructure[infra] = { up: !failed.has(name), error: failed.get(name) ?? null };
  }
  for (const name of Object.keys(hooks.infrastructure ?? {}) as InfrastructureName[]) {
    const key = `infrastructure:${name}`;
    infrastructure[name] = { up: !failed.has(key), error: failed.get(key) ?? null };
  }
  const failing = [...failed.keys()].filter((name) => name in readiness);
  return { service, version, ready: failing.length === 0, failing, data_version: dataVersion ?? null, infrastructure, queues };
}
