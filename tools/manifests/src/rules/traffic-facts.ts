import { gatewayUpstreams, SERVICE_CATALOGUE, type ServiceEntry } from '@radar/contracts';
import { describe, podTemplateOf, type Manifest } from '../kubernetes-object';
import { containerEnvironment } from './environment-rules';
import { extraWorkloads, ingressControllerNamespace, monitoringNamespace } from './project-facts';
import type { Labels, PortSpec, Traffic, TrafficAllowance } from './traffic-rules';

/**
 * Who talks to whom in a cluster: each workload's connections, from the service catalogue
 * (libs/contracts/src/service-catalogue.json) and each service's config.ts and service.ts; the
 * stateful systems by the labels their operators and charts give their pods, with what they need
 * among themselves. Change it together with a service's dependencies.
 */
const nameLabel = 'app.kubernetes.io/name';
const named = (name: string): Labels => ({ [nameLabel]: name });
const tcp = (...ports: number[]): PortSpec[] => ports.map((port) => ({ port }));
const fromNamespace = (namespace: string, ...ports: number[]): Traffic => ({ peer: { namespace }, ports: tcp(...ports) });

/** Name lookups: the cluster DNS (CoreDNS keeps the kube-dns label), for every pod. */
const dns: Traffic = { peer: { namespace: 'kube-system', pods: { 'k8s-app': 'kube-dns' } }, ports: [{ port: 53, protocol: 'UDP' }, { port: 53, protocol: 'TCP' }] };

/** The Kubernetes API, which CloudNativePG's instance manager and RabbitMQ's peer discovery read: on the private network, 443 or 6443. */
const kubernetesApi: Traffic = { peer: { addresses: 'the private network' }, ports: tcp(443, 6443) };

/** The object store outside the cluster that PostgreSQL backups and Elasticsearch snapshots are written to (HTTPS). */
const backupStore: Traffic = { peer: { addresses: 'an outside address range' }, ports: tcp(443) };

/** The stateful systems, by the labels of their pods (CloudNativePG, the RabbitMQ Cluster Operator, ECK, the NATS, Redis and MinIO charts). */
export const systemPods = {
  postgres: { 'cnpg.io/cluster': 'radar-postgres' },
  nats: { [nameLabel]: 'nats', 'app.kubernetes.io/component': 'nats' },
  rabbitmq: named('radar-rabbitmq'),
  redis: { [nameLabel]: 'redis', 'app.kubernetes.io/component': 'master' },
  objectStorage: { app: 'minio' },
  /** The MinIO chart's post-install Job, which makes the bucket. */
  objectStorageSetup: { app: 'minio-job' },
  elasticsearch: { 'elasticsearch.k8s.elastic.co/cluster-name': 'radar-search' },
  /** k8s/charts/elasticsearch-exporter.values.yaml (nameOverride). */
  elasticsearchExporter: named('elasticsearch-exporter'),
} as const satisfies Record<string, Labels>;

const to = (pods: Labels, ...ports: number[]): Traffic => ({ peer: { pods }, ports: tcp(...ports) });

const postgresClient = to(systemPods.postgres, 5432);
const natsClient = to(systemPods.nats, 4222);
const elasticsearchClient = to(systemPods.elasticsearch, 9200);

const deployed = SERVICE_CATALOGUE.filter((service) => !service.localOnly);
function catalogueEntry(name: string): ServiceEntry {
  const entry = deployed.find((service) => service.name === name);
  if (!entry) throw new Error(`the service catalogue has no ${name}`);
  return entry;
}
const gateway = catalogueEntry('gateway');

/** Services that never connect to NATS (their service.ts says `nats: false`). */
const withoutNats = ['mcp'];

/** Jobs of our own besides the migrations, with what they connect to. */
const toolJobs: Record<string, readonly Traffic[]> = {
  // k8s/overlays/prod/elasticsearch-snapshots.yaml: registers the snapshot repository and its policy.
  'elasticsearch-snapshot-policy': [elasticsearchClient],
};

const portOf = (url: string | undefined, fallback: number): number => {
  if (!url) return fallback;
  const parsed = new URL(url);
  return parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : fallback) : Number(parsed.port);
};

type Environment = ReadonlyMap<string, string | undefined>;

/** What a service connects to beyond PostgreSQL and NATS (its config.ts). */
const ownConnections: Record<string, (environment: Environment) => Traffic[]> = {
  gateway: () => [
    // REDIS_URL: the rate-limit counters.
    to(systemPods.redis, 6379),
    // Every deployed upstream, on its catalogue port (and its /statusz there).
    ...gatewayUpstreams()
      .filter((service) => !service.localOnly)
      .map((service) => to(named(service.name), service.port.default)),
  ],
  search: (environment) => (environment.has('ELASTICSEARCH_URL') ? [elasticsearchClient] : []),
  // S3_ENDPOINT: the API makes the bucket and reports it in /statusz; the worker writes the files.
  export: () => [to(systemPods.objectStorage, 9000)],
  'webhook-dispatch': (environment) => [
    // AMQP_URL: the delivery jobs.
    to(systemPods.rabbitmq, 5672),
    // Receivers anywhere on the internet over https (http only where WEBHOOK_ALLOW_HTTP says so), and the
    // SMTP server of SMTP_URL (submission 587, or smtps 465); never a private address.
    { peer: { addresses: 'the internet' }, ports: tcp(443, ...(environment.get('WEBHOOK_ALLOW_HTTP') === 'true' ? [80] : []), 587, 465) },
  ],
  // PROVIDER_URL: the upstream signal provider, at its published addresses only.
  'signal-ingest': (environment) => [{ peer: { addresses: 'an outside address range' }, ports: tcp(portOf(environment.get('PROVIDER_URL'), 443)) }],
};

/** OTEL_EXPORTER_OTLP_ENDPOINT, when set, names the collector as <service>.<namespace>.svc: its namespace on its port. */
function collector(environment: Environment): Traffic[] {
  const endpoint = environment.get('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (!endpoint) return [];
  const [, namespace] = new URL(endpoint).hostname.split('.');
  return namespace ? [fromNamespace(namespace, portOf(endpoint, 80))] : [];
}

function serviceEgress(service: ServiceEntry, environment: Environment): Traffic[] {
  return [
    ...(service.database ? [postgresClient] : []),
    ...(withoutNats.includes(service.name) ? [] : [natsClient]),
    ...(ownConnections[service.name]?.(environment) ?? []),
    // Services that call the public API as their callers (the MCP server) reach the gateway's public port.
    ...(service.callsPublicApi ? [to(named(gateway.name), gateway.port.default)] : []),
  ];
}

/** What one workload of the build connects to, or undefined for a workload these facts do not know. */
function workloadEgress(name: string, environment: Environment): Traffic[] | undefined {
  const own = toolJobs[name];
  if (own) return [dns, ...own];
  const migrated = deployed.find((service) => service.database && name === `${service.name}-migrate`);
  if (migrated) return [dns, postgresClient, ...collector(environment)];
  const serviceName = extraWorkloads.find(({ workload }) => workload === name)?.service ?? name;
  const service = deployed.find((entry) => entry.name === serviceName);
  return service ? [dns, ...serviceEgress(service, environment), ...collector(environment)] : undefined;
}

/** A party to the namespace's traffic: its pods, what it connects to and, for a stateful system, who reaches it besides its clients. */
interface Party {
  name: string;
  pods: Labels;
  /** The labels others select it by. */
  selector: Labels;
  egress: readonly Traffic[];
  /** Undefined for our workloads, whose ingress network-policy-rules.ts checks. */
  ingressBeyondClients?: readonly Traffic[];
}

const hasKind = (manifests: Manifest[], kind: string, where: (spec: Record<string, unknown>) => boolean = () => true): boolean =>
  manifests.some(({ object }) => object.kind === kind && where((object.spec ?? {}) as Record<string, unknown>));

/** The stateful systems the build runs or the charts install beside it, each with what it needs besides its clients. */
function systems(manifests: Manifest[]): Party[] {
  const system = (name: keyof typeof systemPods, egress: Traffic[], ingressBeyondClients: Traffic[]): Party => ({
    name,
    pods: systemPods[name],
    selector: systemPods[name],
    egress: [dns, ...egress],
    ingressBeyondClients,
  });
  const postgresBackups = hasKind(manifests, 'Cluster', (spec) => spec.backup !== undefined);
  const parties = [
    // Replication and the instance manager among the instances; the operator on both ports; Prometheus on the exporter.
    system('postgres', [to(systemPods.postgres, 5432, 8000), kubernetesApi, ...(postgresBackups ? [backupStore] : [])], [
      { peer: { namespace: 'cnpg-system', pods: named('cloudnative-pg') }, ports: tcp(5432, 8000) },
      fromNamespace(monitoringNamespace, 9187),
    ]),
    // Routes between the servers.
    system('nats', [to(systemPods.nats, 6222)], []),
    // Erlang distribution among the nodes; the operator on the management API; Prometheus on the plugin's port.
    system('rabbitmq', [to(systemPods.rabbitmq, 4369, 25672), kubernetesApi], [fromNamespace('rabbitmq-system', 15672), fromNamespace(monitoringNamespace, 15692)]),
    system('redis', [], []),
    // Erasure coding among the servers; customers download presigned files through the ingress controller.
    system('objectStorage', [to(systemPods.objectStorage, 9000)], [fromNamespace(ingressControllerNamespace, 9000)]),
    system('objectStorageSetup', [to(systemPods.objectStorage, 9000)], []),
  ];
  if (!hasKind(manifests, 'Elasticsearch')) return parties;
  const snapshots = hasKind(manifests, 'Elasticsearch', (spec) => spec.secureSettings !== undefined);
  return [
    ...parties,
    // The transport among the nodes; the ECK operator on the HTTP port.
    system('elasticsearch', [to(systemPods.elasticsearch, 9300), ...(snapshots ? [backupStore] : [])], [fromNamespace('elastic-system', 9200)]),
    system('elasticsearchExporter', [elasticsearchClient], [fromNamespace(monitoringNamespace, 9108)]),
  ];
}

/** Our workloads in the build: every Deployment and Job, with what it connects to (undefined: unknown to these facts). */
export function builtWorkloads(manifests: Manifest[]): { name: string; source: string; pods: Labels; egress: Traffic[] | undefined }[] {
  return manifests.flatMap((manifest) => {
    const template = podTemplateOf(manifest.object);
    const [container] = template?.spec?.containers ?? [];
    if (!template || !container) return [];
    const name = manifest.object.metadata.name;
    return [{ name, source: describe(manifest), pods: template.metadata?.labels ?? {}, egress: workloadEgress(name, containerEnvironment(manifests, container)) }];
  });
}

const sameLabels = (a: Labels, b: Labels): boolean => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Every party's egress, and every stateful system's ingress: those whose egress names it (each on
 * the ports it uses), and what else it needs (its operator, Prometheus, its own pods).
 */
export function trafficAllowances(manifests: Manifest[]): TrafficAllowance[] {
  const workloads: Party[] = builtWorkloads(manifests).flatMap(({ name, pods, egress }) => (egress ? [{ name, pods, selector: named(name), egress }] : []));
  const infrastructure = systems(manifests);
  const parties = [...workloads, ...infrastructure];
  const clientsOf = (system: Party): Traffic[] =>
    parties.flatMap((party) =>
      party.egress.filter(({ peer }) => 'pods' in peer && !('namespace' in peer) && sameLabels(peer.pods ?? {}, system.selector)).map(({ ports }) => ({ peer: { pods: party.selector }, ports })),
    );
  return [
    ...parties.map((party): TrafficAllowance => ({ party: party.name, podLabels: party.pods, direction: 'egress', allowed: party.egress })),
    ...infrastructure.map((system): TrafficAllowance => ({
      party: system.name,
      podLabels: system.pods,
      direction: 'ingress',
      allowed: [...clientsOf(system), ...(system.ingressBeyondClients ?? [])],
    })),
  ];
}
