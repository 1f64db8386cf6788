import { INFRASTRUCTURE, SERVICE_CATALOGUE, type InfrastructureName, type ServiceStatus, type StackStatus } from '@radar/contracts';
import { streamBacklog } from '@radar/platform/nats';
import { readServiceStatus } from '../clients/service-status';
import type { GatewayDeps } from './deps';

type StackStatusDeps = Pick<GatewayDeps, 'ownStatus' | 'upstream' | 'bus' | 'logger' | 'now'>;

type ServiceReport = StackStatus['services'][number] & { status?: ServiceStatus };

async function askService(name: string, deps: StackStatusDeps): Promise<ServiceReport> {
  const blank = { name, version: null, data_version: null, failing: [], error: null };
  let status: ServiceStatus;
  try {
    if (name === 'gateway') {
      status = await deps.ownStatus();
    } else {
      if (!deps.upstream.isConfigured(name)) return { ...blank, state: 'not_configured' };
      status = await readServiceStatus(deps.upstream, name);
    }
  } catch (error) {
    return { ...blank, state: 'down', error: error instanceof Error ? error.message : String(error) };
  }
  return {
    name,
    state: status.ready ? 'ready' : 'not_ready',
    version: status.version,
    data_version: status.data_version,
    failing: status.failing,
    error: status.ready ? null : `not ready: ${status.failing.join(', ')}`,
    status,
  };
}

/** Each piece of infrastructure as the services that use it see it: down when any of them cannot reach it. */
function infrastructureOf(reports: ServiceReport[]): StackStatus['infrastructure'] {
  return (Object.keys(INFRASTRUCTURE) as InfrastructureName[]).map((name) => {
    const seen = reports.flatMap((report) => {
      const check = report.status?.infrastructure[name];
      return check ? [{ service: report.name, ...check }] : [];
    });
    const down = seen.filter((check) => !check.up);
    return {
      name,
      state: seen.length === 0 ? 'unknown' : down.length > 0 ? 'down' : 'up',
      seen_by: seen.map((check) => check.service),
      error: down.length > 0 ? down.map((check) => `${check.service}: ${check.error ?? 'unreachable'}`).join('; ') : null,
    };
  });
}

/**
 * `radar status`: every service of the catalogue (its /statusz), the infrastructure as they
 * see it, the JetStream consumers' backlog and the RabbitMQ queues' depths. `ok` is false when
 * a configured service is down or not ready, or infrastructure is down.
 */
export async function reportStackStatus(deps: StackStatusDeps): Promise<StackStatus> {
  const [reports, streams] = await Promise.all([
    Promise.all(SERVICE_CATALOGUE.map((service) => askService(service.name, deps))),
    streamBacklog(deps.bus).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'reading the JetStream backlog failed');
      return [];
    }),
  ]);
  const infrastructure = infrastructureOf(reports);
  const servicesOk = reports.every((report) => report.state === 'ready' || report.state === 'not_configured');
  return {
    ok: servicesOk && infrastructure.every((entry) => entry.state !== 'down'),
    checked_at: deps.now().toISOString(),
    services: reports.map(({ status: _status, ...report }) => report),
    infrastructure,
    streams: streams.map((entry) => ({ stream: entry.stream, consumer: entry.consumer, pending: entry.pending, ack_pending: entry.ackPending })),
    queues: reports.flatMap((report) => (report.status?.queues ?? []).map((queue) => ({ service: report.name, ...queue }))),
  };
}
