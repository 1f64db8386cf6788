import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import { describe, podTemplateOf, selectorMatches, type Manifest } from '../kubernetes-object';

/** Who may open connections to a port: the pods of one workload (by name), or any pod of one namespace. */
export type IngressSource = { pods: string } | { namespace: string };

export interface AllowedIngress {
  from: IngressSource;
  port: number;
}

/** Every connection a workload's pods may accept; anything else must be refused. */
export interface IngressAllowance {
  workload: string;
  allowed: readonly AllowedIngress[];
}

const nameLabel = 'app.kubernetes.io/name';
const namespaceLabel = 'kubernetes.io/metadata.name';

const describeSource = (source: IngressSource): string => ('pods' in source ? `${source.pods} pods` : `namespace ${source.namespace}`);

/** A peer that names exactly one workload's pods or one namespace; anything broader (IP blocks, empty or combined selectors) is none. */
function sourceOf(peer: INetworkPolicyPeer): IngressSource | undefined {
  if (peer.ipBlock) return undefined;
  const pods = peer.podSelector?.matchLabels;
  const namespaces = peer.namespaceSelector?.matchLabels;
  if (peer.podSelector && !peer.namespaceSelector && pods?.[nameLabel] && Object.keys(pods).length === 1 && !peer.podSelector.matchExpressions?.length) {
    return { pods: pods[nameLabel] };
  }
  if (peer.namespaceSelector && !peer.podSelector && namespaces?.[namespaceLabel] && Object.keys(namespaces).length === 1 && !peer.namespaceSelector.matchExpressions?.length) {
    return { namespace: namespaces[namespaceLabel] };
  }
  return undefined;
}

const sameSource = (a: IngressSource, b: IngressSource): boolean =>
  'pods' in a ? 'pods' in b && a.pods === b.pods : 'namespace' in b && a.namespace === b.namespace;

/**
 * Only the allowed sources reach the workload, each on its allowed ports. Policies add up, so
 * every policy selecting the workload's pods is checked: every (source, port) pair a rule opens
 * must be an allowed one; a rule without sources or without ports opens too much.
 */
export function networkPolicyViolations(manifests: Manifest[], allowance: IngressAllowance): string[] {
  const workload = manifests.find(({ object }) => podTemplateOf(object) && object.metadata.name === allowance.workload);
  if (!workload) return [`no workload named ${allowance.workload}`];
  const podLabels = podTemplateOf(workload.object)?.metadata?.labels;
  const policies = manifests.flatMap((manifest) =>
    NetworkPolicy.is(manifest.object) && selectorMatches(manifest.object.spec?.podSelector, podLabels) ? [{ manifest, policy: manifest.object }] : [],
  );
  const isolating = policies.filter(({ policy }) => policy.spec?.policyTypes?.includes('Ingress') ?? true);
  if (isolating.length === 0) return [`no NetworkPolicy restricts ingress to ${allowance.workload}`];
  return isolating.flatMap(({ manifest, policy }) => ruleViolations(policy, allowance).map((violation) => `${describe(manifest)} ${violation}`));
}

function ruleViolations(policy: INetworkPolicy, allowance: IngressAllowance): string[] {
  return (policy.spec?.ingress ?? []).flatMap((rule, index) => {
    const peers = rule.from ?? [];
    const ports = rule.ports ?? [];
    if (peers.length === 0) return [`ingress rule ${index} allows every source`];
    if (ports.length === 0) return [`ingress rule ${index} opens every port`];
    const violations: string[] = [];
    for (const peer of peers) {
      const source = sourceOf(peer);
      if (!source) {
        violations.push(`ingress rule ${index} allows a source broader than one workload's pods or one namespace`);
        continue;
      }
      for (const { port } of ports) {
        if (!allowance.allowed.some((allowed) => sameSource(allowed.from, source) && allowed.port === port)) {
          violations.push(`ingress rule ${index} lets ${describeSource(source)} reach port ${port ?? '(any)'}`);
        }
      }
    }
    return violations;
  });
}
