import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { describe, podTemplateOf, selects, type Manifest } from '../kubernetes-object';

export interface RestrictedPort {
  service: string;
  port: number;
  allowedCallers: readonly string[];
}

const nameLabel = 'app.kubernetes.io/name';

/**
 * Only the allowed callers' pods may reach the service's port. Policies add up, so every
 * policy selecting the service's pods is checked: each ingress rule must name allowed callers'
 * pods only (no namespace selector, no IP block, no empty `from`) and the port only.
 */
export function networkPolicyViolations(manifests: Manifest[], restricted: RestrictedPort): string[] {
  const workload = manifests.find(({ object }) => podTemplateOf(object) && object.metadata.name === restricted.service);
  if (!workload) return [`no workload named ${restricted.service}`];
  const podLabels = podTemplateOf(workload.object)?.metadata?.labels;
  const policies = manifests.flatMap((manifest) =>
    NetworkPolicy.is(manifest.object) && selects(manifest.object.spec?.podSelector.matchLabels, podLabels) ? [{ manifest, policy: manifest.object }] : [],
  );
  const isolating = policies.filter(({ policy }) => policy.spec?.policyTypes?.includes('Ingress') ?? true);
  if (isolating.length === 0) return [`no NetworkPolicy restricts ingress to ${restricted.service}`];
  return isolating.flatMap(({ manifest, policy }) => ruleViolations(policy, restricted).map((violation) => `${describe(manifest)} ${violation}`));
}

function ruleViolations(policy: INetworkPolicy, restricted: RestrictedPort): string[] {
  return (policy.spec?.ingress ?? []).flatMap((rule, index) => {
    const violations: string[] = [];
    const peers = rule.from ?? [];
    if (peers.length === 0) violations.push(`ingress rule ${index} allows every source`);
    for (const peer of peers) {
      const caller = peer.podSelector?.matchLabels?.[nameLabel];
      if (peer.namespaceSelector || peer.ipBlock || !caller || !restricted.allowedCallers.includes(caller)) {
        violations.push(`ingress rule ${index} allows a source other than ${restricted.allowedCallers.join(', ')} pods`);
      }
    }
    const ports = rule.ports ?? [];
    if (ports.length === 0 || ports.some(({ port }) => port !== restricted.port)) {
      violations.push(`ingress rule ${index} opens ports other than ${restricted.port}`);
    }
    return violations;
  });
}
