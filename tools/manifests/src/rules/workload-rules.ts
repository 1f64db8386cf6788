// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import { apps } from 'kubernetes-models';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret } from 'kubernetes-models/v1';
import { describe, podTemplateOf, selects, type Manifest } from '../kubernetes-object';
import { containerEnvironment } from './environment-rules';

/** Each workload's pods are covered by exactly one PodDisruptionBudget (two make evictions fail). */
export function disruptionBudgetViolations(manifests: Manifest[]): string[] {
  const budgets = manifests.filter(({ object }) => PodDisruptionBudget.is(object));
  return manifests.flatMap((manifest) => {
    const template = podTemplateOf(manifest.object);
    if (!template || !apps.v1.Deployment.is(manifest.object)) return [];
    const covering = budgets.filter(({ object }) => PodDisruptionBudget.is(object) && selects(object.spec?.selector?.matchLabels, template.metadata?.labels));
    return covering.length === 1 ? [] : [`${describe(manifest)} is covered by ${covering.length} PodDisruptionBudgets, not 1`];
  });
}

const autoscalersOf = (manifests: Manifest[], deployment: string) =>
  manifests.filter(
    ({ object }) => HorizontalPodAutoscaler.is(object) && object.spec?.scaleTargetRef.kind === 'Deployment' && object.spec.scaleTargetRef.name === deployment,
  );

/** Deployments without an autoscaler run at least `minimum` replicas (those with one are checked by autoscalingViolations). */
export function replicaViolations(manifests: Manifest[], minimum: number): string[] {
  return manifests.flatMap((manifest) =>
    apps.v1.Deployment.is(manifest.object) &&
    autoscalersOf(manifests, manifest.object.metadata.name).length === 0 &&
    (manifest.object.spec?.replicas ?? 1) < minimum
      ? [`${describe(manifest)} runs ${manifest.object.spec?.replicas ?? 1} replicas, fewer than ${minimum}`]
      : [],
  );
}

/**
 * Each autoscaled Deployment has exactly one HorizontalPodAutoscaler, at least `minimum` replicas
 * and room above that, and no replicas of its own (an apply would reset what the autoscaler set);
 * no autoscaler targets a Deployment that is not built.
 */
export function autoscalingViolations(manifests: Manifest[], autoscaled: readonly string[], minimum: number): string[] {
  const deployments = manifests.filter(({ object }) => apps.v1.Deployment.is(object));
  const violations = autoscaled.flatMap((name) => {
    const deployment = deployments.find(({ object }) => object.metadata.name === name);
    if (!deployment) return [`no Deployment named ${name}`];
    const autoscalers = autoscalersOf(manifests, name);
    if (autoscalers.length !== 1) return [`${describe(deployment)} is scaled by ${autoscalers.length} HorizontalPodAutoscalers, not 1`];
    const [autoscaler] = autoscalers as [Manifest];
    const spec = HorizontalPodAutoscaler.is(autoscaler.object) ? autoscaler.object.spec : undefined;
    return [
      ...((spec?.minReplicas ?? 1) < minimum ? [`${describe(autoscaler)} keeps ${spec?.minReplicas ?? 1} replicas at least, fewer than ${minimum}`] : []),
      ...((spec?.maxReplicas ?? 0) <= (spec?.minReplicas ?? 1) ? [`${describe(autoscaler)} leaves no room to scale (maxReplicas ${spec?.maxReplicas})`] : []),
      ...(apps.v1.Deployment.is(deployment.object) && deployment.object.spec?.replicas !== undefined
        ? [`${describe(deployment)} sets replicas although ${describe(autoscaler)} scales it`]
        : []),
    ];
  });
  const strays = manifests
    .filter(({ object }) => HorizontalPodAutoscaler.is(object) && !deployments.some((deployment) => deployment.object.metadata.name === object.spec?.scaleTargetRef.name))
    .map((manifest) => `${describe(manifest)} targets a Deployment that is not built`);
  return [...violations, ...strays];
}

/** The CPU one unit of a workload's work costs, and the rate of it per replica at which its autoscaler should add one. */
export interface CpuSizing {
  cpuMillisecondsPerUnit: number;
  unitsPerSecondPerReplica: number;
}

/** A CPU quantity in millicores ("350m", "1", "0.5"), or undefined for none. */
function millicores(quantity: string | number | undefined): number | undefined {
  if (quantity === undefined) return undefined;
  const text = String(quantity);
  return text.endsWith('m') ? Number(text.slice(0, -1)) : Number(text) * 1000;
}

/** Requests are stated in steps of 50m. */
const CPU_STEP_MILLICORES = 50;

/**
 * An autoscaled workload requests the CPU that puts it at its autoscaler's utilisation target when
 * it does its chosen rate of work: cost per unit × units per second ÷ target, rounded up to 50m.
 * A request far below that (50m against a 1 CPU limit) has the autoscaler react to idle noise: GC,
 * probes and scrapes alone cross the target. The limit is at least the request.
 */
export function cpuRequestViolations(manifests: Manifest[], sizing: Readonly<Record<string, CpuSizing>>): string[] {
  return Object.entries(sizing).flatMap(([name, { cpuMillisecondsPerUnit, unitsPerSecondPerReplica }]) => {
    const deployment = manifests.find(({ object }) => apps.v1.Deployment.is(object) && object.metadata.name === name);
    const [autoscaler] = autoscalersOf(manifests, name);
    if (!deployment || !autoscaler) return [`no autoscaled Deployment named ${name}`];
    const spec = HorizontalPodAutoscaler.is(autoscaler.object) ? autoscaler.object.spec : undefined;
    const target = spec?.metrics?.find((metric) => metric.resource?.name === 'cpu')?.resource?.target.averageUtilization;
    if (target === undefined) return [`${describe(autoscaler)} does not scale on CPU utilisation`];
    const resources = podTemplateOf(deployment.object)?.spec?.containers[0]?.resources;
    const request = millicores(resources?.requests?.cpu);
    const limit = millicores(resources?.limits?.cpu);
    const busy = cpuMillisecondsPerUnit * unitsPerSecondPerReplica;
    // Rounded to a thousandth of a millicore first, so that 1400 / 0.7 is 2000, not a hair above it.
    const needed = Math.round((busy / (target / 100)) * 1000) / 1000;
    const expected = Math.ceil(needed / CPU_STEP_MILLICORES) * CPU_STEP_MILLICORES;
    return [
      ...(request === expected
        ? []
        : [`${describe(deployment)} requests ${request ?? 'no'}m CPU; ${cpuMillisecondsPerUnit} ms × ${unitsPerSecondPerReplica}/s = ${Math.round(busy)}m at a ${target} % target asks for ${expected}m`]),
      ...(limit !== undefined && request !== undefined && limit >= request ? [] : [`${describe(deployment)} limits CPU to ${limit ?? 'nothing'}m, below its request`]),
    ];
  });
}

const serviceCommand = (service: string): string[] => ['node', `apps/${service}/dist/main.js`];

/**
 * Each service with a database has one migration Job (`node apps/<service>/dist/main.js
 * migrate`, given the database URL), and every Deployment running the service leaves migrating
 * to it (RUN_MIGRATIONS=false: it waits for the Job instead).
 */
export function migrationViolations(manifests: Manifest[], services: readonly { service: string; databaseVariable: string }[]): string[] {
  return services.flatMap(({ service, databaseVariable }) => {
    const command = [...serviceCommand(service), 'migrate'];
    const jobs = manifests.flatMap((manifest) =>
      Job.is(manifest.object) ? (podTemplateOf(manifest.object)?.spec?.containers ?? []).filter((container) => sameCommand(container.command, command)).map((container) => ({ manifest, container })) : [],
    );
    const violations: string[] = [];
    if (jobs.length !== 1) violations.push(`${jobs.length} Jobs run \`${command.join(' ')}\`, not 1`);
    for (const { manifest, container } of jobs) {
      if (!containerEnvironment(manifests, container).has(databaseVariable)) violations.push(`${describe(manifest)} does not get ${databaseVariable}`);
    }
    for (const manifest of manifests.filter(({ object }) => apps.v1.Deployment.is(object))) {
      for (const container of podTemplateOf(manifest.object)?.spec?.containers ?? []) {
        if (!sameCommand(container.command, serviceCommand(service))) continue;
        const migrates = containerEnvironment(manifests, container).get('RUN_MIGRATIONS');
        if (migrates !== 'false') violations.push(`${describe(manifest)} runs with RUN_MIGRATIONS=${migrates ?? '(unset: true)'}; its migration Job migrates`);
      }
    }
    return violations;
  });
}

const sameCommand = (command: string[] | undefined, expected: string[]): boolean => JSON.stringify(command ?? []) === JSON.stringify(expected);

/**
 * Every Deployment serves /metrics on the metrics port: the port declared by its container, named
 * in METRICS_PORT with a bind address the pod network reaches, and announced to Prometheus in
 * the pod's annotations.
 */
export function metricsViolations(manifests: Manifest[], port: number): string[] {
  return manifests.flatMap((manifest) => {
    if (!apps.v1.Deployment.is(manifest.object)) return [];
    const template = manifest.object.spec?.template;
    const [container] = template?.spec?.containers ?? [];
    if (!container) return [`${describe(manifest)} has no container`];
    const environment = containerEnvironment(manifests, container);
    const annotations = template?.metadata?.annotations ?? {};
    return [
      ...(container.ports?.some((declared) => declared.name === 'metrics' && declared.containerPort === port) ? [] : [`does not declare the container port metrics: ${port}`]),
      ...(environment.get('METRICS_PORT') === String(port) ? [] : [`gets METRICS_PORT=${environment.get('METRICS_PORT') ?? '(unset)'}, not ${port}`]),
      ...(environment.get('METRICS_HOST') === '0.0.0.0' ? [] : [`gets METRICS_HOST=${environment.get('METRICS_HOST') ?? '(unset)'}, not 0.0.0.0`]),
      ...(annotations['prometheus.io/scrape'] === 'true' && annotations['prometheus.io/port'] === String(port) ? [] : ['is not announced to Prometheus (prometheus.io/scrape and port annotations)']),
    ].map((violation) => `${describe(manifest)} ${violation}`);
  });
}

/** Every ConfigMap and Secret a container reads exists in the same build (none is optional). */
export function referenceViolations(manifests: Manifest[]): string[] {
  const has = (kind: 'ConfigMap' | 'Secret', name: string): boolean =>
    manifests.some(({ object }) => (kind === 'ConfigMap' ? ConfigMap.is(object) : Secret.is(object)) && object.metadata?.name === name);
  return manifests.flatMap((manifest) =>
    (podTemplateOf(manifest.object)?.spec?.containers ?? []).flatMap((container) =>
      (container.envFrom ?? []).flatMap(({ configMapRef, secretRef }) => [
        ...(configMapRef && !has('ConfigMap', configMapRef.name ?? '') ? [`${describe(manifest)} reads ConfigMap ${configMapRef.name}, which is not built`] : []),
        ...(secretRef && !has('Secret', secretRef.name ?? '') ? [`${describe(manifest)} reads Secret ${secretRef.name}, which is not built`] : []),
        ...(configMapRef?.optional || secretRef?.optional ? [`${describe(manifest)} marks a configuration source optional: a missing one must stop the pod`] : []),
      ]),
    ),
  );
}
