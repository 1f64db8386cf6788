import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Service } from 'kubernetes-models/v1';
// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import { apps } from 'kubernetes-models';
import { toManifest, type Manifest } from '../src/kubernetes-object';
import { schemaErrors } from '../src/kubernetes-schemas';
import { kustomizeBuild } from '../src/kubectl-kustomize';
import { kustomizationReferences, type SecretSource } from '../src/kustomization-references';
import { chartValuesRoot, kubernetesRoot, overlaysRoot, relativeToRepository } from '../src/paths';
import { containerViolations, imagePinViolations } from '../src/rules/container-rules';
import {
  bindAddressViolations,
  containerEnvironment,
  plainTextSecretViolations,
  requiredEnvironmentViolations,
  sharedSecretViolations,
  upstreamUrlViolations,
  variableSources,
} from '../src/rules/environment-rules';
import { ingressViolations, operatorServiceViolations, serviceTargetViolations } from '../src/rules/exposure-rules';
import { networkPolicyViolations } from '../src/rules/network-policy-rules';
import {
  autoscaledWorkloads,
  bindAddressVariables,
  cpuSizing,
  ingressAllowances,
  metricsPort,
  migratedServices,
  postgresDatabases,
  requiredEnvironment,
  sharedSecrets,
  upstreamUrlVariables,
} from '../src/rules/project-facts';
import { elasticsearchViolations, MAX_MAP_COUNT, maxMapCountSetterViolations } from '../src/rules/elasticsearch-rules';
import { postgresBackupViolations, postgresReplicationViolations } from '../src/rules/postgres-rules';
import { committedSecretViolations, secretSourceViolations } from '../src/rules/secret-rules';
import { builtWorkloads, trafficAllowances } from '../src/rules/traffic-facts';
import { defaultDenyViolations, trafficViolations } from '../src/rules/traffic-rules';
import {
  autoscalingViolations,
  cpuRequestViolations,
  disruptionBudgetViolations,
  metricsViolations,
  migrationViolations,
  referenceViolations,
  replicaViolations,
} from '../src/rules/workload-rules';
import { listYamlFiles, parseYamlDocuments } from '../src/yaml-files';

// Helm values files (k8s/charts) are not objects: test/chart-values.spec.ts checks them.
const yamlFiles = listYamlFiles(kubernetesRoot).filter((file) => !file.startsWith(chartValuesRoot + path.sep));
const kustomizationFolders = yamlFiles.filter((file) => path.basename(file) === 'kustomization.yaml').map((file) => path.dirname(file));
// Files a generator reads whole (the Elasticsearch roles) are data for a ConfigMap or Secret, not objects.
const generatorFiles = new Set(kustomizationFolders.flatMap((folder) => kustomizationReferences(folder).generatorFiles));
const manifestFiles = yamlFiles.filter((file) => path.basename(file) !== 'kustomization.yaml' && !generatorFiles.has(file));
const overlays = readdirSync(overlaysRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const committedManifests = (): Manifest[] =>
  manifestFiles.flatMap((file) => parseYamlDocuments(file).map((document) => toManifest(document, relativeToRepository(file))));

const schemaViolations = (manifests: Manifest[]): string[] =>
  manifests.flatMap(({ object, source }) => schemaErrors(object).map((error) => `${object.kind}/${object.metadata.name} (${source}): ${error}`));

describe('the committed files in k8s/', () => {
  it('include a dev and a prod overlay', () => {
    expect(overlays).toEqual(['dev', 'prod']);
  });

  it.each(yamlFiles.map(relativeToRepository))('%s parses as YAML without errors or duplicate keys', (file) => {
    expect(() => parseYamlDocuments(path.resolve(kubernetesRoot, '..', file))).not.toThrow();
  });

  it.each(kustomizationFolders.map(relativeToRepository))('%s builds with kubectl kustomize (every file it names exists, every field is known)', (folder) => {
    expect(kustomizeBuild(path.resolve(kubernetesRoot, '..', folder)).length).toBeGreaterThan(0);
  });

  it('contain no manifest that no kustomization lists (a file kustomize would silently skip)', () => {
    const referenced = new Set(kustomizationFolders.flatMap((folder) => kustomizationReferences(folder).files));
    expect(manifestFiles.filter((file) => !referenced.has(file)).map(relativeToRepository)).toEqual([]);
  });

  it('validate against the Kubernetes API schemas, object by object (patches are checked once applied)', () => {
    const patches = new Set(kustomizationFolders.flatMap((folder) => kustomizationReferences(folder).patchFiles));
    const resources = manifestFiles
      .filter((file) => !patches.has(file))
      .flatMap((file) => parseYamlDocuments(file).map((document) => toManifest(document, relativeToRepository(file))));
    expect(resources.map(({ object }) => object.kind)).toEqual(expect.arrayContaining(['Deployment', 'Service', 'Ingress', 'NetworkPolicy', 'Namespace']));
    expect(schemaViolations(resources)).toEqual([]);
  });

  it('commit no Secret with values', () => {
    expect(committedSecretViolations(committedManifests())).toEqual([]);
  });

  it('route nothing but Prefix /api/v1 in any Ingress, in bases and patches alike (a patch replaces the rules)', () => {
    const committed = committedManifests();
    expect(committed.filter(({ object }) => object.kind === 'Ingress').length).toBeGreaterThanOrEqual(3);
    expect(ingressViolations(committed)).toEqual([]);
  });
});

describe.each(overlays)('the %s overlay, built by kubectl kustomize', (overlay) => {
  let built: { manifests: Manifest[]; secretSources: SecretSource[] };
  beforeAll(() => {
    const folder = path.join(overlaysRoot, overlay);
    built = { manifests: kustomizeBuild(folder), secretSources: kustomizationReferences(folder).secretSources };
  });

  it('is valid against the Kubernetes API schemas', () => {
    expect(schemaViolations(built.manifests)).toEqual([]);
  });

  it('gives every container requests and limits, GET /readyz and /healthz probes and a non-root, read-only, capability-free securityContext', () => {
    expect(containerViolations(built.manifests)).toEqual([]);
  });

  it('runs images pinned to a tag or a digest', () => {
    expect(imagePinViolations(built.manifests)).toEqual([]);
  });

  it('routes only Prefix /api/v1 and /mcp through its Ingress, to a Service without the operator port', () => {
    expect(built.manifests.filter(({ object }) => object.kind === 'Ingress')).toHaveLength(1);
    expect(ingressViolations(built.manifests)).toEqual([]);
    expect(operatorServiceViolations(built.manifests)).toEqual([]);
  });

  it('publishes gateway 8080, the operator port 8081, ledger 8082, search 8083, export 8084, webhook-dispatch 8087 and mcp 8089 on ClusterIP Services that reach declared pod ports', () => {
    const services = Object.fromEntries(
      built.manifests.flatMap(({ object }) => (Service.is(object) ? [[object.metadata?.name, { type: object.spec?.type, ports: object.spec?.ports?.map(({ port }) => port) }]] : [])),
    );
    expect(services).toEqual({
      gateway: { type: 'ClusterIP', ports: [8080] },
      'gateway-operator': { type: 'ClusterIP', ports: [8081] },
      ledger: { type: 'ClusterIP', ports: [8082] },
      search: { type: 'ClusterIP', ports: [8083] },
      export: { type: 'ClusterIP', ports: [8084] },
      'monitor-scheduler': { type: 'ClusterIP', ports: [8085] },
      'signal-ingest': { type: 'ClusterIP', ports: [8086] },
      'webhook-dispatch': { type: 'ClusterIP', ports: [8087] },
      mcp: { type: 'ClusterIP', ports: [8089] },
    });
    expect(serviceTargetViolations(built.manifests)).toEqual([]);
  });

  it('has an ingress allowance for every workload it runs (a new Deployment must say who may reach it)', () => {
    const workloads = built.manifests.filter(({ object }) => object.kind === 'Deployment').map(({ object }) => object.metadata.name);
    expect(workloads.filter((name) => !ingressAllowances.some((allowance) => allowance.workload === name))).toEqual([]);
  });

  it.each(ingressAllowances.map((allowance) => [allowance.workload, allowance] as const))(
    'lets only its allowed sources reach %s: the ingress controller the gateway, the gateway the services, Prometheus the metrics',
    (_workload, allowance) => {
      expect(networkPolicyViolations(built.manifests, allowance)).toEqual([]);
    },
  );

  it('denies every pod of its namespace all ingress and egress that no policy allows', () => {
    expect(defaultDenyViolations(built.manifests)).toEqual([]);
  });

  it('knows what every workload it runs connects to (a new Deployment or Job must say so in traffic-facts.ts)', () => {
    expect(builtWorkloads(built.manifests).filter(({ egress }) => egress === undefined).map(({ source }) => source)).toEqual([]);
  });

  it('lets each workload and stateful system open only the connections it uses, and each stateful system accept only its clients, peers, operator and scraper', () => {
    expect(trafficAllowances(built.manifests).flatMap((allowance) => trafficViolations(built.manifests, allowance))).toEqual([]);
  });

  it(`serves /metrics from every Deployment on port ${metricsPort}, announced to Prometheus`, () => {
    expect(metricsViolations(built.manifests, metricsPort)).toEqual([]);
  });

  it('migrates each database in one Job per service, and no Deployment migrates at start', () => {
    expect(migrationViolations(built.manifests, migratedServices)).toEqual([]);
  });

  it('scales gateway, search, export, export-worker and signal-ingest with one HorizontalPodAutoscaler each', () => {
    expect(autoscalingViolations(built.manifests, autoscaledWorkloads, overlay === 'prod' ? 2 : 1)).toEqual([]);
  });

  it('requests for each autoscaled Deployment the CPU its measured work takes at the rate where its autoscaler adds a replica', () => {
    expect(cpuRequestViolations(built.manifests, cpuSizing)).toEqual([]);
  });

  it('covers each Deployment with exactly one PodDisruptionBudget', () => {
    expect(disruptionBudgetViolations(built.manifests)).toEqual([]);
  });

  it('gives each service every variable it reads, listening on 0.0.0.0, with secrets only in Secrets', () => {
    expect(requiredEnvironmentViolations(built.manifests, requiredEnvironment)).toEqual([]);
    expect(bindAddressViolations(built.manifests, bindAddressVariables)).toEqual([]);
    expect(plainTextSecretViolations(built.manifests)).toEqual([]);
  });

  it('gives the services that share a secret one common Secret for it, and points service URLs at Services and their ports', () => {
    expect(sharedSecretViolations(built.manifests, sharedSecrets)).toEqual([]);
    expect(upstreamUrlViolations(built.manifests, upstreamUrlVariables)).toEqual([]);
  });

  it("commits the ledger's writes to a standby before acknowledging them (where there is one), and initialises search's database with the C collation and a UTF-8 ctype", () => {
    expect(postgresReplicationViolations(built.manifests, postgresDatabases)).toEqual([]);
  });

  it('reads only ConfigMaps and Secrets it builds, none optional', () => {
    expect(referenceViolations(built.manifests)).toEqual([]);
  });

  it('generates Secrets only from git-ignored env files whose committed examples list keys without values', () => {
    expect(built.secretSources.length).toBeGreaterThan(0);
    expect(secretSourceViolations(built.secretSources)).toEqual([]);
  });

  it('puts every namespaced object in one namespace, which it creates with the restricted Pod Security Standard', () => {
    const namespaces = new Set(built.manifests.filter(({ object }) => object.kind !== 'Namespace').map(({ object }) => object.metadata.namespace));
    expect(namespaces.size).toBe(1);
    const [namespace] = namespaces;
    const created = built.manifests.find(({ object }) => object.kind === 'Namespace');
    expect(created?.object.metadata).toEqual(
      expect.objectContaining({ name: namespace, labels: expect.objectContaining({ 'pod-security.kubernetes.io/enforce': 'restricted' }) }),
    );
  });
});

describe('the prod overlay, built', () => {
  let manifests: Manifest[];
  beforeAll(() => {
    manifests = kustomizeBuild(path.join(overlaysRoot, 'prod'));
  });

  it('runs at least two replicas of every Deployment', () => {
    expect(replicaViolations(manifests, 2)).toEqual([]);
  });

  it('backs up every PostgreSQL cluster, and so every database, to an object store on a schedule', () => {
    expect(postgresBackupViolations(manifests)).toEqual([]);
  });

  it('lets webhook-dispatch alone reach the internet, on https and its SMTP ports (the contract allows no http target in production)', () => {
    const internet = trafficAllowances(manifests).flatMap(({ party, direction, allowed }) =>
      direction === 'egress' ? allowed.filter(({ peer }) => 'addresses' in peer && peer.addresses === 'the internet').map(({ ports }) => [party, ports.map(({ port }) => port)]) : [],
    );
    expect(internet).toEqual([['webhook-dispatch', [443, 587, 465]]]);
  });
});

describe.each([
  ['dev', undefined],
  ['prod', 'https://radar-search-es-http:9200'],
])('search in the %s overlay', (overlay, elasticsearchUrl) => {
  const environment = (): Map<string, string | undefined> => {
    const manifests = kustomizeBuild(path.join(overlaysRoot, overlay));
    const search = manifests.find(({ object }) => apps.v1.Deployment.is(object) && object.metadata.name === 'search');
    const container = search && apps.v1.Deployment.is(search.object) ? search.object.spec?.template.spec?.containers[0] : undefined;
    if (!container) throw new Error(`${overlay} builds no search Deployment`);
    return containerEnvironment(manifests, container);
  };

  it(`searches ${elasticsearchUrl ? `with Elasticsearch at ${elasticsearchUrl}` : 'with PostgreSQL (ELASTICSEARCH_URL unset)'}, in the index radar-companies`, () => {
    const variables = environment();
    expect(variables.get('ELASTICSEARCH_URL')).toBe(elasticsearchUrl);
    expect(variables.has('ELASTICSEARCH_URL')).toBe(elasticsearchUrl !== undefined);
    expect(variables.get('ELASTICSEARCH_INDEX')).toBe('radar-companies');
  });
});

describe('the Elasticsearch cluster of the prod overlay', () => {
  const built = () => kustomizeBuild(path.join(overlaysRoot, 'prod'));

  it('is an ECK Elasticsearch of 3 nodes of 32 GiB with a 16 GB heap, each on its own host (docs/performance.md)', () => {
    const cluster = built().find(({ object }) => object.kind === 'Elasticsearch')?.object as unknown as {
      metadata: { name: string; namespace: string };
      spec: { nodeSets: { count: number; podTemplate: { spec: { containers: { env: { name: string; value: string }[]; resources: unknown }[]; affinity: unknown } } }[] };
    };
    expect(cluster.metadata).toMatchObject({ name: 'radar-search', namespace: 'radar' });
    const [nodeSet] = cluster.spec.nodeSets;
    expect(nodeSet?.count).toBe(3);
    const container = nodeSet?.podTemplate.spec.containers[0];
    expect(container?.resources).toEqual({ requests: { cpu: '6', memory: '32Gi' }, limits: { cpu: '6', memory: '32Gi' } });
    expect(container?.env).toContainEqual({ name: 'ES_JAVA_OPTS', value: '-Xms16g -Xmx16g' });
    expect(JSON.stringify(nodeSet?.podTemplate.spec.affinity)).toContain('kubernetes.io/hostname');
  });

  it('maps its index into memory once the host allows it, holds what it asks for, spreads over zones and snapshots to an object store', () => {
    expect(elasticsearchViolations(built())).toEqual([]);
  });

  it('gives search the layout of docs/performance.md, the cluster CA and an API key from its Secret', () => {
    const manifests = built();
    const search = manifests.find(({ object }) => apps.v1.Deployment.is(object) && object.metadata.name === 'search');
    if (!search || !apps.v1.Deployment.is(search.object)) throw new Error('prod builds no search Deployment');
    const pod = search.object.spec?.template.spec;
    const container = pod?.containers[0];
    if (!container) throw new Error('the search Deployment has no container');
    const variables = containerEnvironment(manifests, container);
    expect(Object.fromEntries(['ELASTICSEARCH_SHARDS', 'ELASTICSEARCH_REPLICAS', 'ELASTICSEARCH_REFRESH_INTERVAL', 'ELASTICSEARCH_CA_FILE'].map((name) => [name, variables.get(name)]))).toEqual({
      ELASTICSEARCH_SHARDS: '6',
      ELASTICSEARCH_REPLICAS: '1',
      ELASTICSEARCH_REFRESH_INTERVAL: '30s',
      ELASTICSEARCH_CA_FILE: '/etc/radar/elasticsearch/ca.crt',
    });
    expect(container.volumeMounts).toContainEqual({ name: 'elasticsearch-ca', mountPath: '/etc/radar/elasticsearch', readOnly: true });
    expect(pod?.volumes).toContainEqual({ name: 'elasticsearch-ca', secret: { secretName: 'radar-search-es-http-certs-public', items: [{ key: 'ca.crt', path: 'ca.crt' }] } });
    expect(variableSources(manifests, container, 'ELASTICSEARCH_API_KEY')).toEqual([expect.stringMatching(/^Secret\/search-secrets/)]);
  });
});

describe('the node setup (k8s/node-setup), built', () => {
  it(`raises vm.max_map_count to ${MAX_MAP_COUNT} on every Linux node for Elasticsearch, in a namespace of its own that allows the privileged container`, () => {
    const manifests = kustomizeBuild(path.join(kubernetesRoot, 'node-setup'));
    expect(maxMapCountSetterViolations(manifests)).toEqual([]);
    const namespace = manifests.find(({ object }) => object.kind === 'Namespace')?.object;
    expect(namespace?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('privileged');
    expect(new Set(manifests.filter(({ object }) => object.kind !== 'Namespace').map(({ object }) => object.metadata.namespace))).toEqual(new Set([namespace?.metadata.name]));
  });
});
