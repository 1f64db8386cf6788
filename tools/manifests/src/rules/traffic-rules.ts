import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import { describe, selectorMatches, type LabelSelector, type Manifest } from '../kubernetes-object';

export type Labels = Readonly<Record<string, string>>;

/** What an ipBlock reaches, read from its CIDR. */
export type AddressRange = 'the internet' | 'an outside address range' | 'the private network' | 'loopback or link-local addresses';

/** Who is at the other end: pods of this namespace, pods (or all) of another namespace, or addresses. */
export type Peer = { pods: Labels } | { namespace: string; pods?: Labels } | { addresses: AddressRange };

export interface PortSpec {
  port: number;
  protocol?: 'TCP' | 'UDP';
}

export interface Traffic {
  peer: Peer;
  ports: readonly PortSpec[];
}

export type Direction = 'ingress' | 'egress';

/** Every connection one party's pods may open (egress) or accept (ingress); anything else must be refused. */
export interface TrafficAllowance {
  /** The workload or system, for messages. */
  party: string;
  /** The labels its pods carry: the policies that select them apply. */
  podLabels: Labels;
  direction: Direction;
  allowed: readonly Traffic[];
}

/** Networks a pod must never reach through a rule towards outside addresses. */
const PRIVATE_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'];
const LOCAL_NETWORKS = ['127.0.0.0/8', '169.254.0.0/16'];
/** A block this wide is no one provider's: it stands for the internet. */
const NARROWEST_INTERNET_PREFIX = 16;

interface Block {
  network: number;
  prefix: number;
}

function parseBlock(cidr: string): Block | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr);
  if (!match) return undefined;
  const octets = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  if (octets.some((octet) => octet > 255) || prefix > 32) return undefined;
  return { network: octets.reduce((value, octet) => value * 256 + octet, 0), prefix };
}

const contains = (outer: Block, inner: Block): boolean =>
  inner.prefix >= outer.prefix && Math.floor(inner.network / 2 ** (32 - outer.prefix)) === Math.floor(outer.network / 2 ** (32 - outer.prefix));

const blocks = (cidrs: readonly string[]): Block[] => cidrs.flatMap((cidr) => parseBlock(cidr) ?? []);

/** The range an ipBlock reaches, or why it cannot be read; a block towards outside addresses must leave out every private and local network inside it. */
function readBlock(cidr: string, except: readonly string[]): { range?: AddressRange; problems: string[] } {
  const block = parseBlock(cidr);
  if (!block) return { problems: [`names ${cidr}, not an IPv4 block the checker reads`] };
  if (blocks(PRIVATE_NETWORKS).some((network) => contains(network, block))) return { range: 'the private network', problems: [] };
  if (blocks(LOCAL_NETWORKS).some((network) => contains(network, block))) return { range: 'loopback or link-local addresses', problems: [] };
  const excepted = blocks(except);
  const problems = [...PRIVATE_NETWORKS, ...LOCAL_NETWORKS]
    .filter((network) => {
      const inner = parseBlock(network) as Block;
      return contains(block, inner) && !excepted.some((left) => contains(left, inner));
    })
    .map((network) => `reaches ${network} through ${cidr}: leave it out (except)`);
  return { range: block.prefix < NARROWEST_INTERNET_PREFIX ? 'the internet' : 'an outside address range', problems };
}

const labelsKey = (labels: Labels): string =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join(',');

/** One peer as the messages and the comparison name it. */
export function peerKey(peer: Peer): string {
  if ('addresses' in peer) return peer.addresses;
  if ('namespace' in peer) return `namespace ${peer.namespace}${peer.pods ? ` pods(${labelsKey(peer.pods)})` : ''}`;
  return `pods(${labelsKey(peer.pods)})`;
}

const portKey = ({ port, protocol = 'TCP' }: PortSpec): string => `${port}/${protocol}`;

/** The label sets a selector names: one per value of each `In` expression; undefined when it names pods some other way. */
function labelSets(selector: LabelSelector): Labels[] | undefined {
  let sets: Record<string, string>[] = [{ ...selector.matchLabels }];
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    if (operator !== 'In' || values.length === 0) return undefined;
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [key]: value })));
  }
  return sets;
}

const namespaceLabel = 'kubernetes.io/metadata.name';

/** The peers one NetworkPolicy peer names, or why it names more than the checker can hold it to. */
function readPeer(peer: INetworkPolicyPeer): { peers: Peer[]; problems: string[] } {
  if (peer.ipBlock) {
    const { range, problems } = readBlock(peer.ipBlock.cidr, peer.ipBlock.except ?? []);
    return { peers: range ? [{ addresses: range }] : [], problems };
  }
  const pods = peer.podSelector ? labelSets(peer.podSelector) : [];
  if (pods === undefined) return { peers: [], problems: ['names pods by an expression other than In'] };
  if (peer.namespaceSelector) {
    const selector = peer.namespaceSelector.matchLabels ?? {};
    const namespace = selector[namespaceLabel];
    if (!namespace || Object.keys(selector).length !== 1 || peer.namespaceSelector.matchExpressions?.length) {
      return { peers: [], problems: ['names namespaces other than one by its name'] };
    }
    const named = pods.filter((labels) => Object.keys(labels).length > 0);
    return { peers: named.length === 0 ? [{ namespace }] : named.map((labels) => ({ namespace, pods: labels })), problems: [] };
  }
  if (pods.some((labels) => Object.keys(labels).length === 0)) return { peers: [], problems: ['names every pod of the namespace'] };
  return { peers: pods.map((labels) => ({ pods: labels })), problems: [] };
}

function readPort(port: INetworkPolicyPort): { key?: string; problem?: string } {
  if (port.port === undefined) return { problem: 'opens every port' };
  if (port.endPort !== undefined) return { problem: `opens the ports ${port.port}-${port.endPort}` };
  if (typeof port.port === 'string') return { problem: `names the port ${port.port}; the checker reads numbers` };
  return { key: portKey({ port: port.port, protocol: port.protocol === 'UDP' ? 'UDP' : 'TCP' }) };
}

/** Whether a policy restricts this direction of the pods it selects (without policyTypes: ingress always, egress when it has egress rules). */
const isolates = (policy: INetworkPolicy, direction: Direction): boolean =>
  policy.spec?.policyTypes ? policy.spec.policyTypes.includes(direction === 'ingress' ? 'Ingress' : 'Egress') : direction === 'ingress' || policy.spec?.egress !== undefined;

/**
 * The party's pods open (egress) or accept (ingress) exactly the allowed connections. Policies add
 * up, so every policy selecting the pods counts: each (peer, port) pair one of their rules opens
 * must be allowed, each allowed pair must be opened by one of them (or the party cannot work), and
 * no rule may open every peer, every port, a port range, every pod of the namespace or, towards
 * outside addresses, a private or local network.
 */
export function trafficViolations(manifests: Manifest[], allowance: TrafficAllowance): string[] {
  const { party, direction } = allowance;
  const expected = new Set(allowance.allowed.flatMap(({ peer, ports }) => ports.map((port) => `${peerKey(peer)} on ${portKey(port)}`)));
  const policies = manifests.flatMap((manifest) =>
    NetworkPolicy.is(manifest.object) && selectorMatches(manifest.object.spec?.podSelector, allowance.podLabels) && isolates(manifest.object, direction)
      ? [{ manifest, policy: manifest.object }]
      : [],
  );
  if (policies.length === 0) return [`no NetworkPolicy restricts the ${direction} of ${party}`];
  const opened = new Set<string>();
  const violations = policies.flatMap(({ manifest, policy }) =>
    ((direction === 'ingress' ? policy.spec?.ingress : policy.spec?.egress) ?? []).flatMap((rule, index) => {
      const where = `${describe(manifest)} ${direction} rule ${index}`;
      const peers = 'from' in rule ? rule.from : 'to' in rule ? rule.to : undefined;
      if (!peers?.length) return [`${where} allows every ${direction === 'ingress' ? 'source' : 'destination'}`];
      if (!rule.ports?.length) return [`${where} opens every port`];
      const ports = rule.ports.map(readPort);
      return [
        ...ports.flatMap(({ problem }) => (problem ? [`${where} ${problem}`] : [])),
        ...peers.flatMap((peer) => {
          const read = readPeer(peer);
          return [
            ...read.problems.map((problem) => `${where} ${problem}`),
            ...read.peers.flatMap((named) =>
              ports.flatMap(({ key }) => {
                if (!key) return [];
                const pair = `${peerKey(named)} on ${key}`;
                opened.add(pair);
                if (expected.has(pair)) return [];
                return [direction === 'ingress' ? `${where} lets ${pair} reach ${party}` : `${where} lets ${party} reach ${pair}`];
              }),
            ),
          ];
        }),
      ];
    }),
  );
  const missing = [...expected]
    .filter((pair) => !opened.has(pair))
    .map((pair) => (direction === 'ingress' ? `${pair} cannot reach ${party}, which it serves` : `${party} cannot reach ${pair}, which it uses`));
  return [...new Set([...violations, ...missing])];
}

/** The namespace denies every pod all ingress and egress unless another policy allows it: one policy selecting every pod, for both directions, with no rules. */
export function defaultDenyViolations(manifests: Manifest[]): string[] {
  const denies = manifests.some(({ object }) => {
    if (!NetworkPolicy.is(object)) return false;
    const spec = object.spec;
    const everyPod = Object.keys(spec?.podSelector.matchLabels ?? {}).length === 0 && (spec?.podSelector.matchExpressions ?? []).length === 0;
    return everyPod && isolates(object, 'ingress') && isolates(object, 'egress') && (spec?.ingress ?? []).length === 0 && (spec?.egress ?? []).length === 0;
  });
  return denies ? [] : ['no NetworkPolicy denies every pod all ingress and egress by default (podSelector {}, policyTypes Ingress and Egress, no rules)'];
}
