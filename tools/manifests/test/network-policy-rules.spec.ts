import { toManifest } from '../src/kubernetes-object';
import { networkPolicyViolations } from '../src/rules/network-policy-rules';
import { compliantWorld, manifestsOf } from './builders/world';

const ledgerFromGateway = { service: 'ledger', port: 8082, allowedCallers: ['gateway'] };

describe('network policy rules', () => {
  it('accept a policy letting only gateway pods reach the ledger port', () => {
    expect(networkPolicyViolations(manifestsOf(compliantWorld()), ledgerFromGateway)).toEqual([]);
  });

  it('reject a ledger without any policy', () => {
    const world = compliantWorld();
    world.networkPolicy.spec = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'someone-else' } } };
    expect(networkPolicyViolations(manifestsOf(world), ledgerFromGateway)).toEqual(['no NetworkPolicy restricts ingress to ledger']);
  });

  it('reject a rule that also admits another namespace or every source', () => {
    const world = compliantWorld();
    world.networkPolicy.spec?.ingress?.push({ from: [{ namespaceSelector: {} }], ports: [{ port: 8082 }] }, { ports: [{ port: 8082 }] });
    expect(networkPolicyViolations(manifestsOf(world), ledgerFromGateway)).toEqual([
      'NetworkPolicy/ledger-from-gateway-only (test) ingress rule 1 allows a source other than gateway pods',
      'NetworkPolicy/ledger-from-gateway-only (test) ingress rule 2 allows every source',
    ]);
  });

  it('reject a rule that opens every port to the gateway', () => {
    const world = compliantWorld();
    const [rule] = world.networkPolicy.spec?.ingress ?? [];
    if (rule) delete rule.ports;
    expect(networkPolicyViolations(manifestsOf(world), ledgerFromGateway)).toEqual([
      'NetworkPolicy/ledger-from-gateway-only (test) ingress rule 0 opens ports other than 8082',
    ]);
  });

  it('check every policy that selects the ledger, because policies add up', () => {
    const allowAll = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'allow-all' }, spec: { podSelector: {}, ingress: [{}] } };
    const manifests = [...manifestsOf(compliantWorld()), toManifest(allowAll, 'test')];
    expect(networkPolicyViolations(manifests, ledgerFromGateway)).toEqual([
      'NetworkPolicy/allow-all (test) ingress rule 0 allows every source',
      'NetworkPolicy/allow-all (test) ingress rule 0 opens ports other than 8082',
    ]);
  });
});
