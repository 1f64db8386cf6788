import { toManifest } from '../src/kubernetes-object';
import {
  autoscalingViolations,
  cpuRequestViolations,
  disruptionBudgetViolations,
  metricsViolations,
  migrationViolations,
  referenceViolations,
  replicaViolations,
} from '../src/rules/workload-rules';
import { compliantWorld, containerOf, deployment, manifestsOf } from './builders/world';

describe('workload rules', () => {
  it('accept one PodDisruptionBudget per Deployment', () => {
    expect(disruptionBudgetViolations(manifestsOf(compliantWorld()))).toEqual([]);
  });

  it('reject a Deployment without a budget and one covered twice', () => {
    const world = compliantWorld();
    const [gatewayBudget, ledgerBudget] = world.budgets;
    if (gatewayBudget && ledgerBudget) world.budgets = [ledgerBudget, { ...ledgerBudget, metadata: { name: 'ledger-extra' } }];
    expect(disruptionBudgetViolations(manifestsOf(world))).toEqual([
      'Deployment/gateway (test) is covered by 0 PodDisruptionBudgets, not 1',
      'Deployment/ledger (test) is covered by 2 PodDisruptionBudgets, not 1',
    ]);
  });

  it('reject fewer replicas than required', () => {
    const world = compliantWorld();
    if (world.ledger.spec) world.ledger.spec.replicas = 1;
    expect(replicaViolations(manifestsOf(world), 2)).toEqual(['Deployment/ledger (test) runs 1 replicas, fewer than 2']);
  });

  it('reject a container reading a Secret that is not built, or marking its config optional', () => {
    const world = compliantWorld();
    world.secrets = world.secrets.filter((secret) => secret.metadata?.name !== 'ledger-secrets');
    const gatewayConfig = world.gateway.spec?.template.spec?.containers[0]?.envFrom?.[0];
    if (gatewayConfig?.configMapRef) gatewayConfig.configMapRef.optional = true;
    expect(referenceViolations(manifestsOf(world))).toEqual([
      'Deployment/gateway (test) marks a configuration source optional: a missing one must stop the pod',
      'Deployment/ledger (test) reads Secret ledger-secrets, which is not built',
    ]);
  });
});

describe('autoscaling, migration and metrics rules', () => {
  const configMap = (data: Record<string, string>) => toManifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ledger-config' }, data }, 'test');
  const secret = toManifest({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ledger-secrets' }, data: { LEDGER_DATABASE_URL: '' } }, 'test');
  const envFrom = [{ configMapRef: { name: 'ledger-config' } }, { secretRef: { name: 'ledger-secrets' } }];

  function ledgerDeployment(change: (object: ReturnType<typeof deployment>) => void = () => undefined) {
    const object = deployment('ledger', [
      { name: 'http', containerPort: 8082 },
      { name: 'metrics', containerPort: 9464 },
    ]);
    const container = containerOf(object);
    container.command = ['node', 'apps/ledger/dist/main.js'];
    container.envFrom = envFrom;
    if (object.spec) object.spec.template.metadata = { ...object.spec.template.metadata, annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464' } };
    change(object);
    return toManifest(object, 'test');
  }

  const autoscaler = (name: string, target: string, minReplicas: number, maxReplicas: number) =>
    toManifest(
      {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name },
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: target }, minReplicas, maxReplicas },
      },
      'test',
    );

  const migrationJob = (command: string[]) =>
    toManifest(
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'ledger-migrate' },
        spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'migrate', image: 'radar/services:1', command, envFrom }] } } },
      },
      'test',
    );

  const withoutReplicas = (object: ReturnType<typeof deployment>) => {
    delete object.spec?.replicas;
  };

  it('accept an autoscaled Deployment without replicas of its own, and count only the others against the replica minimum', () => {
    const manifests = [ledgerDeployment(withoutReplicas), autoscaler('ledger', 'ledger', 2, 6)];
    expect(autoscalingViolations(manifests, ['ledger'], 2)).toEqual([]);
    expect(replicaViolations(manifests, 2)).toEqual([]);
  });

  it('reject replicas beside an autoscaler, too low a minimum, no room to grow, a second autoscaler and one without its Deployment', () => {
    expect(autoscalingViolations([ledgerDeployment(), autoscaler('ledger', 'ledger', 1, 1), autoscaler('stray', 'gone', 2, 4)], ['ledger'], 2)).toEqual([
      'HorizontalPodAutoscaler/ledger (test) keeps 1 replicas at least, fewer than 2',
      'HorizontalPodAutoscaler/ledger (test) leaves no room to scale (maxReplicas 1)',
      'Deployment/ledger (test) sets replicas although HorizontalPodAutoscaler/ledger (test) scales it',
      'HorizontalPodAutoscaler/stray (test) targets a Deployment that is not built',
    ]);
    expect(autoscalingViolations([ledgerDeployment(withoutReplicas), autoscaler('a', 'ledger', 2, 4), autoscaler('b', 'ledger', 2, 4)], ['ledger'], 2)).toEqual([
      'Deployment/ledger (test) is scaled by 2 HorizontalPodAutoscalers, not 1',
    ]);
  });

  it('accept a CPU request sized so the autoscaler reaches its target at the chosen rate, and refuse one sized for idle noise', () => {
    const scaledOnCpu = (cpu: string) => {
      const object = ledgerDeployment((deploymentObject) => {
        delete deploymentObject.spec?.replicas;
        containerOf(deploymentObject).resources = { requests: { cpu, memory: '64Mi' }, limits: { cpu: '1', memory: '256Mi' } };
      });
      const hpa = autoscaler('ledger', 'ledger', 2, 6);
      (hpa.object.spec as { metrics: unknown[] }).metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }];
      return [object, hpa];
    };
    // 0.23 ms × 1,000/s = 230m busy; at a 70 % target that is 329m, stated as 350m.
    const sizing = { ledger: { cpuMillisecondsPerUnit: 0.23, unitsPerSecondPerReplica: 1_000 } };
    expect(cpuRequestViolations(scaledOnCpu('350m'), sizing)).toEqual([]);
    expect(cpuRequestViolations(scaledOnCpu('100m'), sizing)).toEqual(['Deployment/ledger (test) requests 100m CPU; 0.23 ms × 1000/s = 230m at a 70 % target asks for 350m']);
    expect(cpuRequestViolations(scaledOnCpu('2'), { ledger: { cpuMillisecondsPerUnit: 1, unitsPerSecondPerReplica: 1_400 } })).toEqual([
      'Deployment/ledger (test) limits CPU to 1000m, below its request',
    ]);
  });

  const ledgerMigrated = [{ service: 'ledger', databaseVariable: 'LEDGER_DATABASE_URL' }];

  it('accept one migration Job with the database URL, and a Deployment that leaves migrating to it', () => {
    const manifests = [ledgerDeployment(), configMap({ RUN_MIGRATIONS: 'false' }), secret, migrationJob(['node', 'apps/ledger/dist/main.js', 'migrate'])];
    expect(migrationViolations(manifests, ledgerMigrated)).toEqual([]);
  });

  it('reject a service without its migration Job, and a Deployment that still migrates at start', () => {
    const manifests = [ledgerDeployment(), configMap({ RUN_MIGRATIONS: 'true' }), secret, migrationJob(['node', 'apps/ledger/dist/main.js'])];
    expect(migrationViolations(manifests, ledgerMigrated)).toEqual([
      '0 Jobs run `node apps/ledger/dist/main.js migrate`, not 1',
      'Deployment/ledger (test) runs with RUN_MIGRATIONS=true; its migration Job migrates',
    ]);
  });

  it('accept a Deployment serving /metrics on its metrics port, and reject one that does not say so everywhere', () => {
    const serving = [ledgerDeployment(), configMap({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })];
    expect(metricsViolations(serving, 9464)).toEqual([]);
    const silent = [
      ledgerDeployment((object) => {
        containerOf(object).ports = [{ name: 'http', containerPort: 8082 }];
        if (object.spec) object.spec.template.metadata = { labels: object.spec.template.metadata?.labels };
      }),
      configMap({ METRICS_HOST: '127.0.0.1' }),
    ];
    expect(metricsViolations(silent, 9464)).toEqual([
      'Deployment/ledger (test) does not declare the container port metrics: 9464',
      'Deployment/ledger (test) gets METRICS_PORT=(unset), not 9464',
      'Deployment/ledger (test) gets METRICS_HOST=127.0.0.1, not 0.0.0.0',
      'Deployment/ledger (test) is not announced to Prometheus (prometheus.io/scrape and port annotations)',
    ]);
  });
});
