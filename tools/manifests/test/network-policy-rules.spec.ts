import { toManifest } from '../src/kubernetes-object';
import { networkPolicyViolations, type IngressAllowance } from '../src/rules/network-policy-rules';
import { compliantWorld, manifestsOf } from './builders/world';

const ledgerAllowance: IngressAllowance = {
  workload: 'ledger',
  allowed: [
    { from: { pods: 'gateway' }, port: 8082 },
    { from: { namespace: 'monitoring' }, port: 9464 },
  ],
};

const scrapeRule = { from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }], ports: [{ port: 9464 }] };

describe('network policy rules', () => {
  it('accept a policy letting only gateway pods reach the ledger port, and the monitoring namespace its metrics port', () => {
    const world = compliantWorld();
    world.networkPolicy.spec?.ingress?.push(scrapeRule);
    expect(networkPolicyViolations(manifestsOf(world), ledgerAllowance)).toEqual([]);
  });

  it('reject a ledger without any policy', () => {
    const world = compliantWorld();
    world.networkPolicy.spec = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'someone-else' } } };
    expect(networkPolicyViolations(manifestsOf(world), ledgerAllowance)).toEqual(['no NetworkPolicy restricts ingress to ledger']);
  });

  it('reject a rule that admits every namespace, every source, or the monitoring namespace to the API port', () => {
    const world = compliantWorld();
    world.networkPolicy.spec?.ingress?.push(
      { from: [{ namespaceSelector: {} }], ports: [{ port: 8082 }] },
      { ports: [{ port: 8082 }] },
      { from: scrapeRule.from, ports: [{ port: 8082 }, { port: 9464 }] },
    );
    expect(networkPolicyViolations(manifestsOf(world), ledgerAllowance)).toEqual([
      "NetworkPolicy/ledger-from-gateway-only (test) ingress rule 1 allows a source broader than one workload's pods or one namespace",
      'NetworkPolicy/ledger-from-gateway-only (test) ingress rule 2 allows every source',
      'NetworkPolicy/ledger-from-gateway-only (test) ingress rule 3 lets namespace monitoring reach port 8082',
    ]);
  });

  it('reject a rule that opens every port to the gateway, or the metrics port to it', () => {
    const world = compliantWorld();
    const [rule] = world.networkPolicy.spec?.ingress ?? [];
    if (rule) delete rule.ports;
    world.networkPolicy.spec?.ingress?.push({ from: rule?.from, ports: [{ port: 9464 }] });
    expect(networkPolicyViolations(manifestsOf(world), ledgerAllowance)).toEqual([
      'NetworkPolicy/ledger-from-gateway-only (test) ingress rule 0 opens every port',
      'NetworkPolicy/ledger-from-gateway-only (test) ingress rule 1 lets gateway pods reach port 9464',
    ]);
  });

  it('reject a peer combining pod and namespace selectors, which reaches pods of that name in another namespace', () => {
    const world = compliantWorld();
    world.networkPolicy.spec?.ingress?.push({
      from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } }, namespaceSelector: {} }],
      ports: [{ port: 8082 }],
    });
    expect(networkPolicyViolations(manifestsOf(world), ledgerAllowance)).toEqual([
      "NetworkPolicy/ledger-from-gateway-only (test) ingress rule 1 allows a source broader than one workload's pods or one namespace",
    ]);
  });

  it('check every policy that selects the ledger, because policies add up', () => {
    const allowAll = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'allow-all' }, spec: { podSelector: {}, ingress: [{}] } };
    const manifests = [...manifestsOf(compliantWorld()), toManifest(allowAll, 'test')];
    expect(networkPolicyViolations(manifests, ledgerAllowance)).toEqual(['NetworkPolicy/allow-all (test) ingress rule 0 allows every source']);
  });
});
