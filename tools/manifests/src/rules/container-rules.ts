import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSecurityContext } from 'kubernetes-models/v1/PodSecurityContext';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import { describe, podTemplateOf, type Manifest } from '../kubernetes-object';
import { probePaths } from './project-facts';

const resourceViolations = (container: IContainer): string[] =>
  (['requests', 'limits'] as const).flatMap((kind) =>
    (['cpu', 'memory'] as const)
      .filter((resource) => container.resources?.[kind]?.[resource] === undefined)
      .map((resource) => `has no resources.${kind}.${resource}`),
  );

function probeViolations(container: IContainer, name: 'readinessProbe' | 'livenessProbe', path: string): string[] {
  const probe: IProbe | undefined = container[name];
  if (probe?.httpGet?.path !== path) return [`${name} is not GET ${path}`];
  const port = probe.httpGet.port;
  const declared = (container.ports ?? []).some((candidate) => candidate.name === port || candidate.containerPort === port);
  return declared ? [] : [`${name} port ${port} is not a declared container port`];
}

function securityViolations(container: IContainer, pod: IPodSecurityContext | undefined): string[] {
  const context = container.securityContext;
  const violations: string[] = [];
  if ((context?.runAsNonRoot ?? pod?.runAsNonRoot) !== true) violations.push('does not set runAsNonRoot: true');
  if ((context?.runAsUser ?? pod?.runAsUser) === 0) violations.push('runs as user 0');
  if (context?.allowPrivilegeEscalation !== false) violations.push('does not set allowPrivilegeEscalation: false');
  if (context?.readOnlyRootFilesystem !== true) violations.push('does not set readOnlyRootFilesystem: true');
  if (!context?.capabilities?.drop?.includes('ALL')) violations.push('does not drop ALL capabilities');
  if (context?.privileged === true) violations.push('is privileged');
  return violations;
}

/**
 * Every container of every workload has requests and limits and a hardened securityContext;
 * every main container of a long-running workload answers readiness on /readyz and liveness on /healthz.
 */
export function containerViolations(manifests: Manifest[]): string[] {
  return manifests.flatMap((manifest) => {
    const spec = podTemplateOf(manifest.object)?.spec;
    if (!spec) return [];
    const check = (container: IContainer, probes: boolean): string[] =>
      [
        ...resourceViolations(container),
        ...securityViolations(container, spec.securityContext),
        ...(probes
          ? [...probeViolations(container, 'readinessProbe', probePaths.readiness), ...probeViolations(container, 'livenessProbe', probePaths.liveness)]
          : []),
      ].map((violation) => `${describe(manifest)} container ${container.name} ${violation}`);
    // A Job's container runs to its end: no server, nothing to probe.
    const serves = !['Job', 'CronJob'].includes(manifest.object.kind);
    return [...spec.containers.flatMap((container) => check(container, serves)), ...(spec.initContainers ?? []).flatMap((container) => check(container, false))];
  });
}

/** Built overlays run a known image: a tag other than latest, or a digest. */
export function imagePinViolations(manifests: Manifest[]): string[] {
  return manifests.flatMap((manifest) => {
    const spec = podTemplateOf(manifest.object)?.spec;
    return [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])]
      .filter(({ image }) => !/@sha256:[0-9a-f]{64}$/.test(image ?? '') && !/:(?!latest$)[\w][\w.-]*$/.test(image ?? ''))
      .map(({ name, image }) => `${describe(manifest)} container ${name} image ${image ?? '(none)'} has no pinned tag or digest`);
  });
}
