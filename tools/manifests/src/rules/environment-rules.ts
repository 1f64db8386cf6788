import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { describe, podTemplateOf, type Manifest } from '../kubernetes-object';
import { secretVariablePattern } from './project-facts';

/** The variables a container gets, with their values where the build knows them (Secrets' values are not). */
export function containerEnvironment(manifests: Manifest[], container: IContainer): Map<string, string | undefined> {
  const environment = new Map<string, string | undefined>();
  for (const { configMapRef, secretRef } of container.envFrom ?? []) {
    const source = manifests.find(({ object }) =>
      configMapRef ? ConfigMap.is(object) && object.metadata?.name === configMapRef.name : Secret.is(object) && object.metadata?.name === secretRef?.name,
    );
    const data = source?.object.data;
    if (typeof data !== 'object' || data === null) continue;
    for (const [key, value] of Object.entries(data)) environment.set(key, configMapRef && typeof value === 'string' ? value : undefined);
  }
  for (const { name, value } of container.env ?? []) environment.set(name, value);
  return environment;
}

/** Where a container gets one variable from: `ConfigMap/<name>`, `Secret/<name>` or `env`, in the order Kubernetes applies them. */
export function variableSources(manifests: Manifest[], container: IContainer, variable: string): string[] {
  const fromEnvFrom = (container.envFrom ?? []).flatMap(({ configMapRef, secretRef }) => {
    const kind = configMapRef ? 'ConfigMap' : 'Secret';
    const name = configMapRef?.name ?? secretRef?.name;
    const source = manifests.find(({ object }) => (configMapRef ? ConfigMap.is(object) : Secret.is(object)) && object.metadata?.name === name);
    const data = source?.object.data;
    return typeof data === 'object' && data !== null && variable in data ? [`${kind}/${name ?? ''}`] : [];
  });
  const fromEnv = (container.env ?? [])
    .filter(({ name }) => name === variable)
    .map(({ valueFrom }) => (valueFrom?.secretKeyRef ? `Secret/${valueFrom.secretKeyRef.name ?? ''}` : 'env'));
  return [...fromEnvFrom, ...fromEnv];
}

const mainContainers = (manifests: Manifest[]) =>
  manifests.flatMap((manifest) => (podTemplateOf(manifest.object)?.spec?.containers ?? []).map((container) => ({ manifest, container })));

/**
 * A secret several services must agree on reaches each of them from a Secret, from exactly one
 * source (a second one silently overrides the first), and from the same Secret for all of them.
 */
export function sharedSecretViolations(manifests: Manifest[], shared: Record<string, readonly string[]>): string[] {
  return Object.entries(shared).flatMap(([variable, readers]) => {
    const violations: string[] = [];
    const secretsByReader: string[] = [];
    for (const reader of readers) {
      const found = mainContainers(manifests).find(({ manifest }) => manifest.object.metadata.name === reader);
      if (!found) {
        violations.push(`no workload named ${reader}`);
        continue;
      }
      const sources = variableSources(manifests, found.container, variable);
      const where = describe(found.manifest);
      if (sources.length === 0) violations.push(`${where} does not get ${variable}`);
      if (sources.length > 1) violations.push(`${where} gets ${variable} from ${sources.join(' and ')}; one source only`);
      for (const source of sources.filter((candidate) => !candidate.startsWith('Secret/'))) violations.push(`${where} gets ${variable} from ${source}, not a Secret`);
      if (sources.length === 1 && sources[0]?.startsWith('Secret/')) secretsByReader.push(`${reader} ${sources[0]}`);
    }
    const distinct = new Set(secretsByReader.map((entry) => entry.slice(entry.indexOf(' ') + 1)));
    if (distinct.size > 1) violations.push(`${variable} comes from different Secrets (${secretsByReader.join(', ')}); its readers must share one`);
    return violations;
  });
}

/** A URL naming another service in the cluster points at a Service of the build, on one of its ports. */
export function upstreamUrlViolations(manifests: Manifest[], variables: Record<string, readonly string[]>): string[] {
  const services = manifests.flatMap(({ object }) => (Service.is(object) ? [object] : []));
  return Object.entries(variables).flatMap(([service, names]) => {
    const found = mainContainers(manifests).find(({ manifest }) => manifest.object.metadata.name === service);
    if (!found) return [`no workload named ${service}`];
    const environment = containerEnvironment(manifests, found.container);
    return names.flatMap((variable) => {
      const value = environment.get(variable);
      if (value === undefined || !URL.canParse(value)) return [`${service} gets ${variable}=${value ?? '(unset)'}, not a URL`];
      const url = new URL(value);
      const target = services.find(({ metadata }) => metadata?.name === url.hostname);
      if (!target) return [`${service} gets ${variable}=${value}, which names no Service of the build`];
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      return target.spec?.ports?.some((candidate) => candidate.port === port) ? [] : [`${service} gets ${variable}=${value}, but Service ${url.hostname} has no port ${port}`];
    });
  });
}

/** Each service's container gets every variable it reads, by Deployment name. */
export function requiredEnvironmentViolations(manifests: Manifest[], required: Record<string, readonly string[]>): string[] {
  return Object.entries(required).flatMap(([service, variables]) => {
    const found = mainContainers(manifests).find(({ manifest }) => manifest.object.metadata.name === service);
    if (!found) return [`no workload named ${service}`];
    const environment = containerEnvironment(manifests, found.container);
    return variables.filter((variable) => !environment.has(variable)).map((variable) => `${describe(found.manifest)} does not get ${variable}`);
  });
}

/** A listen address left at the services' loopback default would make a pod unreachable. */
export function bindAddressViolations(manifests: Manifest[], variables: Record<string, string>): string[] {
  return Object.entries(variables).flatMap(([service, variable]) => {
    const found = mainContainers(manifests).find(({ manifest }) => manifest.object.metadata.name === service);
    const value = found ? containerEnvironment(manifests, found.container).get(variable) : undefined;
    return value === '0.0.0.0' ? [] : [`${service} gets ${variable}=${value ?? '(unset)'}, not 0.0.0.0`];
  });
}

/** Secrets stay out of ConfigMaps and env values: by name, and by credentials inside a URL. */
export function plainTextSecretViolations(manifests: Manifest[]): string[] {
  const configMapEntries = manifests.flatMap((manifest) =>
    ConfigMap.is(manifest.object) ? Object.entries(manifest.object.data ?? {}).map(([key, value]) => ({ manifest, key, value })) : [],
  );
  const envEntries = mainContainers(manifests).flatMap(({ manifest, container }) =>
    (container.env ?? []).filter(({ value }) => value !== undefined).map(({ name, value }) => ({ manifest, key: name, value: value ?? '' })),
  );
  return [...configMapEntries, ...envEntries]
    .filter(({ key, value }) => secretVariablePattern.test(key) || /\/\/[^/@\s]+:[^/@\s]+@/.test(value))
    .map(({ manifest, key }) => `${describe(manifest)} holds ${key} in plain text; it belongs in a Secret`);
}
