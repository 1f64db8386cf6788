// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import type { apps } from 'kubernetes-models';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import { toManifest, type Manifest } from '../../src/kubernetes-object';

type IDeployment = apps.v1.IDeployment;

const labels = (name: string) => ({ 'app.kubernetes.io/name': name });

/** A container that passes every container rule; tests break one thing at a time. */
export function hardenedContainer(name: string, ports: { name: string; containerPort: number }[]): IContainer {
  return {
    name,
    image: 'radar/services:1.0.0',
    ports,
    envFrom: [{ configMapRef: { name: `${name}-config` } }, { secretRef: { name: `${name}-secrets` } }],
    readinessProbe: { httpGet: { path: '/readyz', port: 'http' } },
    livenessProbe: { httpGet: { path: '/healthz', port: 'http' } },
    resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '1', memory: '256Mi' } },
    securityContext: {
      runAsNonRoot: true,
      runAsUser: 1000,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    },
  };
}

export function deployment(name: string, ports: { name: string; containerPort: number }[], replicas = 2): IDeployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: labels(name) },
    spec: {
      replicas,
      selector: { matchLabels: labels(name) },
      template: { metadata: { labels: labels(name) }, spec: { containers: [hardenedContainer(name, ports)] } },
    },
  };
}

/** The first container of a Deployment built here, for tests that change one field of it. */
export function containerOf(object: IDeployment): IContainer {
  const container = object.spec?.template.spec?.containers[0];
  if (!container) throw new Error('builder Deployment without a container');
  return container;
}

const service = (name: string, serviceName: string, port: number, targetPort: string): IService => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: serviceName },
  spec: { type: 'ClusterIP', selector: labels(name), ports: [{ name: targetPort, port, targetPort }] },
});

const budget = (name: string): IPodDisruptionBudget => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name },
  spec: { maxUnavailable: 1, selector: { matchLabels: labels(name) } },
});

/** A small deployment that satisfies every rule: the gateway in front, the ledger behind it. */
export function compliantWorld() {
  const ingress: IIngress = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'gateway' },
    spec: {
      rules: [{ http: { paths: [{ path: '/api/v1', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } }] } }],
    },
  };
  const networkPolicy: INetworkPolicy = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'ledger-from-gateway-only' },
    spec: {
      podSelector: { matchLabels: labels('ledger') },
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ podSelector: { matchLabels: labels('gateway') } }], ports: [{ protocol: 'TCP', port: 8082 }] }],
    },
  };
  const configMaps: IConfigMap[] = [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'gateway-config' }, data: { GATEWAY_HOST: '0.0.0.0', LOG_LEVEL: 'info' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ledger-config' }, data: { LEDGER_HOST: '0.0.0.0', LOG_LEVEL: 'info' } },
  ];
  const secrets: ISecret[] = [
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'gateway-secrets' }, data: { GATEWAY_DATABASE_URL: '' } },
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ledger-secrets' }, data: { LEDGER_DATABASE_URL: '' } },
  ];
  return {
    gateway: deployment('gateway', [
      { name: 'http', containerPort: 8080 },
      { name: 'operator', containerPort: 8081 },
    ]),
    ledger: deployment('ledger', [{ name: 'http', containerPort: 8082 }]),
    gatewayService: service('gateway', 'gateway', 8080, 'http'),
    operatorService: service('gateway', 'gateway-operator', 8081, 'operator'),
    ledgerService: service('ledger', 'ledger', 8082, 'http'),
    ingress,
    networkPolicy,
    budgets: [budget('gateway'), budget('ledger')],
    configMaps,
    secrets,
  };
}

export type World = ReturnType<typeof compliantWorld>;

/** Every object of the world as manifests, after a test has changed what it wants to break. */
export const manifestsOf = (world: World): Manifest[] =>
  Object.values(world)
    .flat()
    .map((object) => toManifest(object, 'test'));
