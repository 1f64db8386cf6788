import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Service } from 'kubernetes-models/v1';
// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import { apps } from 'kubernetes-models';
import { toManifest, type Manifest } from '../src/kubernetes-object';
import { schemaErrors } from '../src/kubernetes-schemas';
import { buildKustomization, type BuiltKustomization } from '../src/kustomize/build-kustomization';
import { kubernetesRoot, overlaysRoot, relativeToRepository } from '../src/paths';
import { containerViolations, imagePinViolations } from '../src/rules/container-rules';
import {
  bindAddressViolations,
  containerEnvironment,
  plainTextSecretViolations,
  requiredEnvironmentViolations,
  sharedSecretViolations,
  upstreamUrlViolations,
} from '../src/rules/environment-rules';
import { ingressViolations, operatorServiceViolations, serviceTargetViolations } from '../src/rules/exposure-rules';
import { networkPolicyViolations } from '../src/rules/network-policy-rules';
import { bindAddressVariables, requiredEnvironment, restrictedPorts, sharedSecrets, upstreamUrlVariables } from '../src/rules/project-facts';
import { committedSecretViolations, secretSourceViolations } from '../src/rules/secret-rules';
import { disruptionBudgetViolations, referenceViolations, replicaViolations } from '../src/rules/workload-rules';
import { listYamlFiles, parseYamlDocuments } from '../src/yaml-files';

const yamlFiles = listYamlFiles(kubernetesRoot);
const kustomizationFolders = yamlFiles.filter((file) => path.basename(file) === 'kustomization.yaml').map((file) => path.dirname(file));
const manifestFiles = yamlFiles.filter((file) => path.basename(file) !== 'kustomization.yaml');
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

  it('reference only files that exist, from every kustomization', () => {
    for (const folder of kustomizationFolders) expect(() => buildKustomization(folder)).not.toThrow();
  });

  it('contain no manifest that no kustomization lists (a file kustomize would silently skip)', () => {
    const referenced = new Set(kustomizationFolders.flatMap((folder) => buildKustomization(folder).files));
    expect(manifestFiles.filter((file) => !referenced.has(file)).map(relativeToRepository)).toEqual([]);
  });

  it('validate against the Kubernetes API schemas, object by object (patches are checked once applied)', () => {
    const patches = new Set(kustomizationFolders.flatMap((folder) => buildKustomization(folder).patchFiles));
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

describe.each(overlays)('the %s overlay, built', (overlay) => {
  let built: BuiltKustomization;
  beforeAll(() => {
    built = buildKustomization(path.join(overlaysRoot, overlay));
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

  it('routes only Prefix /api/v1 through its Ingress, to a Service without the operator port', () => {
    expect(built.manifests.filter(({ object }) => object.kind === 'Ingress')).toHaveLength(1);
    expect(ingressViolations(built.manifests)).toEqual([]);
    expect(operatorServiceViolations(built.manifests)).toEqual([]);
  });

  it('publishes gateway 8080, the operator port 8081, ledger 8082 and search 8083 on ClusterIP Services that reach declared pod ports', () => {
    const services = Object.fromEntries(
      built.manifests.flatMap(({ object }) => (Service.is(object) ? [[object.metadata?.name, { type: object.spec?.type, ports: object.spec?.ports?.map(({ port }) => port) }]] : [])),
    );
    expect(services).toEqual({
      gateway: { type: 'ClusterIP', ports: [8080] },
      'gateway-operator': { type: 'ClusterIP', ports: [8081] },
      ledger: { type: 'ClusterIP', ports: [8082] },
      search: { type: 'ClusterIP', ports: [8083] },
    });
    expect(serviceTargetViolations(built.manifests)).toEqual([]);
  });

  it.each(restrictedPorts.map((restricted) => [restricted.service, restricted] as const))('lets only allowed callers reach %s', (_service, restricted) => {
    expect(networkPolicyViolations(built.manifests, restricted)).toEqual([]);
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
  it('runs at least two replicas of every Deployment', () => {
    expect(replicaViolations(buildKustomization(path.join(overlaysRoot, 'prod')).manifests, 2)).toEqual([]);
  });
});

describe.each([
  ['dev', undefined],
  ['prod', 'http://elasticsearch:9200'],
])('search in the %s overlay', (overlay, elasticsearchUrl) => {
  const environment = (): Map<string, string | undefined> => {
    const { manifests } = buildKustomization(path.join(overlaysRoot, overlay));
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
