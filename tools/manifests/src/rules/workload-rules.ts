// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import { apps } from 'kubernetes-models';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret } from 'kubernetes-models/v1';
import { describe, podTemplateOf, selects, type Manifest } from '../kubernetes-object';

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

export function replicaViolations(manifests: Manifest[], minimum: number): string[] {
  return manifests.flatMap((manifest) =>
    apps.v1.Deployment.is(manifest.object) && (manifest.object.spec?.replicas ?? 1) < minimum
      ? [`${describe(manifest)} runs ${manifest.object.spec?.replicas ?? 1} replicas, fewer than ${minimum}`]
      : [],
  );
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
