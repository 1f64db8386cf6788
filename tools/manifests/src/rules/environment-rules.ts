import { ConfigMap, Secret } from 'kubernetes-models/v1';
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

const mainContainers = (manifests: Manifest[]) =>
  manifests.flatMap((manifest) => (podTemplateOf(manifest.object)?.spec?.containers ?? []).map((container) => ({ manifest, container })));

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
