import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { Service } from 'kubernetes-models/v1';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IServicePort } from 'kubernetes-models/v1/ServicePort';
import { describe, podTemplateOf, selects, type Manifest } from '../kubernetes-object';
import { operatorPort, publicPrefixes } from './project-facts';

const exposesOperatorPort = (port: IServicePort): boolean =>
  port.port === operatorPort.number || port.targetPort === operatorPort.number || port.targetPort === operatorPort.name || port.name === operatorPort.name;

const servicesIn = (manifests: Manifest[]): { manifest: Manifest; service: IService }[] =>
  manifests.flatMap((manifest) => (Service.is(manifest.object) ? [{ manifest, service: manifest.object }] : []));

/**
 * Ingresses route the public prefixes only (the API's and the catalogue's public paths), with no default backend, to Services that do not
 * carry the operator port at all: a Service that has it could be routed to by any other rule.
 */
export function ingressViolations(manifests: Manifest[]): string[] {
  const services = servicesIn(manifests);
  return manifests.flatMap((manifest) => {
    if (!Ingress.is(manifest.object)) return [];
    const spec = manifest.object.spec;
    const where = describe(manifest);
    const violations: string[] = [];
    if (spec?.defaultBackend) violations.push(`${where} has a defaultBackend: everything would be routed`);
    if (!spec?.rules?.length) violations.push(`${where} has no rules`);
    for (const rule of spec?.rules ?? []) {
      if (!rule.http?.paths.length) violations.push(`${where} has a rule without paths`);
      for (const { path, pathType, backend } of rule.http?.paths ?? []) {
        if (!publicPrefixes.includes(path ?? '') || pathType !== 'Prefix') {
          violations.push(`${where} routes ${pathType ?? '?'} ${path ?? '(no path)'}: only Prefix ${publicPrefixes.join(', ')} may be routed`);
        }
        if (!backend.service) {
          violations.push(`${where} routes ${path ?? '(no path)'} to a non-Service backend`);
          continue;
        }
        const target = services.find(({ service }) => service.metadata?.name === backend.service?.name);
        if (!target) {
          violations.push(`${where} routes to Service ${backend.service.name}, which is not among the manifests`);
          continue;
        }
        if (target.service.spec?.ports?.some(exposesOperatorPort)) {
          violations.push(`${where} routes to ${describe(target.manifest)}, which exposes the operator port ${operatorPort.number}`);
        }
        const { name, number } = backend.service.port ?? {};
        if (!target.service.spec?.ports?.some((port) => (name !== undefined && port.name === name) || (number !== undefined && port.port === number))) {
          violations.push(`${where} routes to port ${name ?? number ?? '(none)'} of ${describe(target.manifest)}, which has no such port`);
        }
      }
    }
    return violations;
  });
}

/** The operator port is only ever on ClusterIP Services without external IPs. */
export function operatorServiceViolations(manifests: Manifest[]): string[] {
  return servicesIn(manifests)
    .filter(({ service }) => service.spec?.ports?.some(exposesOperatorPort))
    .filter(({ service }) => (service.spec?.type ?? 'ClusterIP') !== 'ClusterIP' || (service.spec?.externalIPs?.length ?? 0) > 0)
    .map(({ manifest }) => `${describe(manifest)} exposes the operator port ${operatorPort.number} outside the cluster`);
}

/** Each Service selects the pods of some workload and targets ports those pods declare. */
export function serviceTargetViolations(manifests: Manifest[]): string[] {
  const workloads = manifests.flatMap((manifest) => {
    const template = podTemplateOf(manifest.object);
    return template ? [template] : [];
  });
  return servicesIn(manifests).flatMap(({ manifest, service }) => {
    const selector = service.spec?.selector;
    if (!selector || Object.keys(selector).length === 0) return [`${describe(manifest)} has no selector`];
    const selected = workloads.filter((template) => selects(selector, template.metadata?.labels));
    if (selected.length === 0) return [`${describe(manifest)} selects no workload's pods`];
    const declared = selected.flatMap((template) => template.spec?.containers.flatMap((container) => container.ports ?? []) ?? []);
    return (service.spec?.ports ?? [])
      .filter(({ port, targetPort }) => !declared.some((candidate) => candidate.name === (targetPort ?? port) || candidate.containerPort === (targetPort ?? port)))
      .map(({ port, targetPort }) => `${describe(manifest)} port ${port} targets ${targetPort ?? port}, which its pods do not declare`);
  });
}
