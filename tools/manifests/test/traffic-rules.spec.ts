import type { INetworkPolicySpec } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicySpec';
import { toManifest } from '../src/kubernetes-object';
import { defaultDenyViolations, trafficViolations, type TrafficAllowance } from '../src/rules/traffic-rules';

const policy = (name: string, spec: INetworkPolicySpec) => toManifest({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name }, spec }, 'test');
const named = (name: string) => ({ matchLabels: { 'app.kubernetes.io/name': name } });
const postgresPods = { matchLabels: { 'cnpg.io/cluster': 'radar-postgres' } };
const port = (number: number, protocol: 'TCP' | 'UDP' = 'TCP') => ({ protocol, port: number });

/** The ledger: DNS, PostgreSQL; and PostgreSQL, which the ledger alone reaches. */
const ledgerEgress: TrafficAllowance = {
  party: 'ledger',
  podLabels: { 'app.kubernetes.io/name': 'ledger', 'app.kubernetes.io/component': 'api' },
  direction: 'egress',
  allowed: [
    { peer: { namespace: 'kube-system', pods: { 'k8s-app': 'kube-dns' } }, ports: [{ port: 53, protocol: 'UDP' }] },
    { peer: { pods: { 'cnpg.io/cluster': 'radar-postgres' } }, ports: [{ port: 5432 }] },
  ],
};
const postgresIngress: TrafficAllowance = {
  party: 'postgres',
  podLabels: { 'cnpg.io/cluster': 'radar-postgres' },
  direction: 'ingress',
  allowed: [{ peer: { pods: { 'app.kubernetes.io/name': 'ledger' } }, ports: [{ port: 5432 }] }],
};

function compliant() {
  return [
    policy('default-deny', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] }),
    policy('dns', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [{ to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }], ports: [port(53, 'UDP')] }],
    }),
    policy('postgres', { podSelector: postgresPods, policyTypes: ['Ingress'], ingress: [{ from: [{ podSelector: { matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: ['ledger'] }] } }], ports: [port(5432)] }] }),
    policy('postgres-clients', {
      podSelector: { matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: ['ledger'] }] },
      policyTypes: ['Egress'],
      egress: [{ to: [{ podSelector: postgresPods }], ports: [port(5432)] }],
    }),
  ];
}

const internetFor = (except: string[]) =>
  policy('ledger-out', { podSelector: named('ledger'), policyTypes: ['Egress'], egress: [{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except } }], ports: [port(443)] }] });

describe('traffic rules', () => {
  it('accept policies that open exactly what each party uses, selected by labels or by In expressions', () => {
    expect(trafficViolations(compliant(), ledgerEgress)).toEqual([]);
    expect(trafficViolations(compliant(), postgresIngress)).toEqual([]);
    expect(defaultDenyViolations(compliant())).toEqual([]);
  });

  it('name what a party uses but cannot reach, and who reaches a system without using it', () => {
    const manifests = compliant().filter(({ object }) => object.metadata.name !== 'postgres-clients');
    manifests.push(policy('too-open', { podSelector: postgresPods, policyTypes: ['Ingress'], ingress: [{ from: [{ podSelector: named('mcp') }], ports: [port(5432)] }] }));
    expect(trafficViolations(manifests, ledgerEgress)).toEqual(['ledger cannot reach pods(cnpg.io/cluster=radar-postgres) on 5432/TCP, which it uses']);
    expect(trafficViolations(manifests, postgresIngress)).toEqual(['NetworkPolicy/too-open (test) ingress rule 0 lets pods(app.kubernetes.io/name=mcp) on 5432/TCP reach postgres']);
  });

  it('refuse rules that open every destination, every port, a port range, every pod, or namespaces by other labels', () => {
    const manifests = [
      ...compliant(),
      policy('broad', {
        podSelector: named('ledger'),
        policyTypes: ['Egress'],
        egress: [
          { ports: [port(443)] },
          { to: [{ podSelector: postgresPods }] },
          { to: [{ podSelector: postgresPods }], ports: [{ protocol: 'TCP', port: 5000, endPort: 6000 }] },
          { to: [{ podSelector: {} }], ports: [port(80)] },
          { to: [{ namespaceSelector: { matchLabels: { team: 'data' } } }], ports: [port(80)] },
          { to: [{ podSelector: { matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'NotIn', values: ['gateway'] }] } }], ports: [port(80)] },
        ],
      }),
    ];
    expect(trafficViolations(manifests, ledgerEgress)).toEqual([
      'NetworkPolicy/broad (test) egress rule 0 allows every destination',
      'NetworkPolicy/broad (test) egress rule 1 opens every port',
      'NetworkPolicy/broad (test) egress rule 2 opens the ports 5000-6000',
      'NetworkPolicy/broad (test) egress rule 3 names every pod of the namespace',
      'NetworkPolicy/broad (test) egress rule 4 names namespaces other than one by its name',
      'NetworkPolicy/broad (test) egress rule 5 names pods by an expression other than In',
    ]);
  });

  it('read an ipBlock by what it reaches, and refuse one towards the internet that leaves a private or local network in', () => {
    const blocks = policy('ledger-blocks', {
      podSelector: named('ledger'),
      policyTypes: ['Egress'],
      egress: [
        { to: [{ ipBlock: { cidr: '10.0.0.0/8' } }], ports: [port(6443)] },
        { to: [{ ipBlock: { cidr: '203.0.113.0/24' } }], ports: [port(443)] },
        { to: [{ ipBlock: { cidr: '169.254.169.254/32' } }], ports: [port(80)] },
      ],
    });
    expect(trafficViolations([...compliant(), blocks], ledgerEgress)).toEqual([
      'NetworkPolicy/ledger-blocks (test) egress rule 0 lets ledger reach the private network on 6443/TCP',
      'NetworkPolicy/ledger-blocks (test) egress rule 1 lets ledger reach an outside address range on 443/TCP',
      'NetworkPolicy/ledger-blocks (test) egress rule 2 lets ledger reach loopback or link-local addresses on 80/TCP',
    ]);
    const toTheInternet = { ...ledgerEgress, allowed: [...ledgerEgress.allowed, { peer: { addresses: 'the internet' as const }, ports: [{ port: 443 }] }] };
    const everyPrivateRangeLeftOut = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16'];
    expect(trafficViolations([...compliant(), internetFor(everyPrivateRangeLeftOut)], toTheInternet)).toEqual([]);
    expect(trafficViolations([...compliant(), internetFor(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'])], toTheInternet)).toEqual([
      'NetworkPolicy/ledger-out (test) egress rule 0 reaches 100.64.0.0/10 through 0.0.0.0/0: leave it out (except)',
      'NetworkPolicy/ledger-out (test) egress rule 0 reaches 127.0.0.0/8 through 0.0.0.0/0: leave it out (except)',
      'NetworkPolicy/ledger-out (test) egress rule 0 reaches 169.254.0.0/16 through 0.0.0.0/0: leave it out (except)',
    ]);
  });

  it('count a policy without policyTypes as restricting egress only when it has egress rules', () => {
    const ingressOnly = [policy('ingress-only', { podSelector: named('ledger'), ingress: [] })];
    expect(trafficViolations(ingressOnly, ledgerEgress)).toEqual(['no NetworkPolicy restricts the egress of ledger']);
  });

  it('require a policy that denies every pod both directions, with no rules', () => {
    const withoutDeny = compliant().filter(({ object }) => object.metadata.name !== 'default-deny');
    const ingressOnlyDeny = policy('deny-in', { podSelector: {}, policyTypes: ['Ingress'] });
    const denyWithAHole = policy('deny-leaky', { podSelector: {}, policyTypes: ['Ingress', 'Egress'], egress: [{}] });
    const refusal = ['no NetworkPolicy denies every pod all ingress and egress by default (podSelector {}, policyTypes Ingress and Egress, no rules)'];
    expect(defaultDenyViolations(withoutDeny)).toEqual(refusal);
    expect(defaultDenyViolations([...withoutDeny, ingressOnlyDeny, denyWithAHole])).toEqual(refusal);
  });
});
