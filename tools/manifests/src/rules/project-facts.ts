import { gatewayUpstreams, SERVICE_CATALOGUE, serviceUrlVariable, type ServiceEntry } from '@radar/contracts';
import type { ComposedService } from './compose-rules';
import type { AllowedIngress, IngressAllowance } from './network-policy-rules';
import type { PostgresDatabases } from './postgres-rules';
import type { CpuSizing } from './workload-rules';

/**
 * What the manifests must say about Radar's services: from the service catalogue
 * (libs/contracts/src/service-catalogue.json) and, for each service's own variables, from its
 * config.ts. Change the service-specific lists together with a service's config.ts.
 */
export const publicApiPrefix = '/api/v1';

/** What an Ingress may route: the public API, and the catalogue's public paths outside it (the MCP endpoint). */
export const publicPrefixes: readonly string[] = [publicApiPrefix, ...SERVICE_CATALOGUE.flatMap((service) => service.publicPaths)];

const deployed = SERVICE_CATALOGUE.filter((service) => !service.localOnly);

/** The gateway's upstreams that are deployed; a local-only stand-in's URL stays unset in a cluster (its operator routes answer 503). */
const deployedUpstreams = gatewayUpstreams().filter((service) => !service.localOnly);

/** The gateway's operator API: reachable inside the cluster only, never through an Ingress. */
export const operatorPort = { number: 8081, name: 'operator' } as const;

export const probePaths = { readiness: '/readyz', liveness: '/healthz' } as const;

/** The port every service serves /metrics on in a cluster (METRICS_PORT), apart from its API. */
export const metricsPort = 9464;

/** Where Prometheus runs: its pods alone may reach the metrics ports. */
export const monitoringNamespace = 'monitoring';

/** Where the ingress controller runs: its pods alone reach the gateway's public port. */
export const ingressControllerNamespace = 'ingress-nginx';

/** Deployments beyond one per service: each runs a service's code in another role. */
export const extraWorkloads: readonly { workload: string; service: string }[] = [{ workload: 'export-worker', service: 'export' }];

const scraping: AllowedIngress = { from: { namespace: monitoringNamespace }, port: metricsPort };

/**
 * Who may connect to each workload's pods: only the gateway is reachable from outside (through
 * the ingress controller, on its public port); only the gateway reaches the other services' HTTP
 * ports; Prometheus reaches every metrics port; the gateway's operator port takes no connection
 * (the CLI reaches it through `kubectl port-forward`).
 */
export const ingressAllowances: IngressAllowance[] = [
  ...deployed.map((service) => ({
    workload: service.name,
    allowed:
      service.name === 'gateway'
        ? [
            { from: { namespace: ingressControllerNamespace }, port: service.port.default },
            // Services that call the public API as their callers (the MCP server) reach its public port too.
            ...deployed.filter((caller) => caller.callsPublicApi).map((caller) => ({ from: { pods: caller.name }, port: service.port.default })),
            scraping,
          ]
        : [{ from: { pods: 'gateway' }, port: service.port.default }, scraping],
  })),
  ...extraWorkloads.map(({ workload }) => ({ workload, allowed: [scraping] })),
];

/** Deployments a HorizontalPodAutoscaler scales (and which therefore set no replicas of their own). */
export const autoscaledWorkloads = ['gateway', 'search', 'export', 'export-worker', 'signal-ingest'] as const;

/**
 * What each autoscaled workload's CPU request is sized from, so that its autoscaler's utilisation
 * target is reached at a chosen rate of work rather than by idle noise: the CPU one unit of its work
 * costs, measured (docs/performance.md), and the rate per replica at which another should join.
 * The arithmetic, and where each figure comes from: docs/operations.md, "Scale".
 */
export const cpuSizing: Record<(typeof autoscaledWorkloads)[number], CpuSizing> = {
  // "Tracing": gateway and ledger together 0.227 ms of CPU per GET /credits; all of it counted as the gateway's.
  gateway: { cpuMillisecondsPerUnit: 0.23, unitsPerSecondPerReplica: 1_000 },
  // "Search at a million companies": the median cold p50 of the mix, all of it counted as search's CPU.
  search: { cpuMillisecondsPerUnit: 6.3, unitsPerSecondPerReplica: 50 },
  // "Exports at a million companies": the export API's CPU per export of 10,000 companies.
  export: { cpuMillisecondsPerUnit: 140, unitsPerSecondPerReplica: 1 },
  // The same: the worker's CPU per file; 70 % of two files in flight of 1.6 s each.
  'export-worker': { cpuMillisecondsPerUnit: 350, unitsPerSecondPerReplica: 0.875 },
  // "A day's monitor run": 22.4 CPU s for 40,000 checks; the run within a minute over two replicas.
  'signal-ingest': { cpuMillisecondsPerUnit: 0.56, unitsPerSecondPerReplica: 333 },
};

const databaseOf = (name: string): string => {
  const database = deployed.find((service) => service.name === name)?.database;
  if (!database) throw new Error(`the service catalogue gives ${name} no database`);
  return database.name;
};

/** The databases whose cluster the PostgreSQL rules hold to more (postgres-rules.ts). */
export const postgresDatabases: PostgresDatabases = { ledger: databaseOf('ledger'), search: databaseOf('search') };

/** Each service with a database and the variable holding its URL: each gets a migration Job. */
export const migratedServices = deployed.flatMap((service) => (service.database ? [{ service: service.name, databaseVariable: service.database.variable }] : []));

/** Variables every service reads (libs/platform/src/service/platform-config.ts). */
const platformVariables = ['NATS_URL', 'LOG_LEVEL', 'RUN_MIGRATIONS', 'METRICS_PORT', 'METRICS_HOST'];

/** Each service's own variables that a deployment must set (those with no safe default). */
const ownVariables: Record<string, readonly string[]> = {
  gateway: ['REDIS_URL', ...deployedUpstreams.map((service) => serviceUrlVariable(service.name))],
  // ELASTICSEARCH_URL is optional on purpose: unset selects PostgreSQL search (dev), prod sets it.
  search: ['ELASTICSEARCH_INDEX', 'SEARCH_STATEMENT_TIMEOUT_MS', 'DATABASE_POOL_SIZE'],
  // The sending policy is set explicitly so that a deployment states it (production: https, public addresses only).
  // Delivery needs its broker and mail server, and the owners' mail domain, named.
  'webhook-dispatch': ['WEBHOOK_SECRET_KEY', 'WEBHOOK_ALLOW_HTTP', 'WEBHOOK_ALLOWED_ADDRESS_CLASSES', 'AMQP_URL', 'SMTP_URL', 'DIGEST_RECIPIENT_DOMAIN'],
  // The upstream provider has no default address: a deployment names it.
  'signal-ingest': ['PROVIDER_URL'],
  // The object store and its key pair have no default; the role says which half of the service runs.
  export: ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'EXPORT_ROLE'],
  // The public API it calls as its callers.
  mcp: ['GATEWAY_URL'],
};

const environmentOf = (service: ServiceEntry): string[] => [
  service.hostVariable,
  service.port.variable,
  ...service.extraPorts.map((extra) => extra.variable),
  ...(service.database ? [service.database.variable] : []),
  ...service.secrets,
  ...platformVariables,
  ...(ownVariables[service.name] ?? []),
];

/** Every variable each service reads at start, by Deployment name. */
export const requiredEnvironment: Record<string, readonly string[]> = Object.fromEntries(deployed.map((service) => [service.name, environmentOf(service)]));

/**
 * What deploy/compose.yaml must give each service of the catalogue (its local stand-ins too):
 * what a deployment must, but the metrics port: compose serves /metrics on the services' own
 * ports (and the gateway's operator port), where no NetworkPolicy tells scrapers apart.
 */
export const composedServices: ComposedService[] = SERVICE_CATALOGUE.map((service) => ({
  name: service.name,
  environment: environmentOf(service).filter((variable) => !variable.startsWith('METRICS_')),
  hostVariable: service.hostVariable,
  upstreams:
    service.name === 'gateway'
      ? Object.fromEntries(gatewayUpstreams().map((upstream) => [serviceUrlVariable(upstream.name), { service: upstream.name, port: upstream.port.default }]))
      : {},
}));

/**
 * Secrets several services must hold with the same value, with who reads them. Each comes from
 * one Secret that all its readers share, so a rotation cannot leave them disagreeing (a gateway
 * signing with a value search does not accept answers 401 to everything it forwards).
 */
export const sharedSecrets: Record<string, readonly string[]> = Object.fromEntries(
  [...new Set(deployed.flatMap((service) => service.secrets))]
    .map((name) => [name, deployed.filter((service) => service.secrets.includes(name)).map((service) => service.name)] as const)
    .filter(([, readers]) => readers.length > 1),
);

/** Variables holding the URL of another service in the cluster: each must name a Service and one of its ports. */
export const upstreamUrlVariables: Record<string, readonly string[]> = {
  gateway: deployedUpstreams.map((service) => serviceUrlVariable(service.name)),
  ...Object.fromEntries(deployed.filter((service) => service.callsPublicApi).map((service) => [service.name, [serviceUrlVariable('gateway')]])),
};

/** Services default to 127.0.0.1 for local safety; in a pod that would make them unreachable. */
export const bindAddressVariables: Record<string, string> = Object.fromEntries(deployed.map((service) => [service.name, service.hostVariable]));

/** Variable names whose values are secrets and so belong in a Secret, never a ConfigMap. */
export const secretVariablePattern = /SECRET|PASSWORD|TOKEN|DATABASE_URL|PRIVATE_KEY|ACCESS_KEY/;
