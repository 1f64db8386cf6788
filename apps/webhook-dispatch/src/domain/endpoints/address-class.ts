import { isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of destination an IP address is, for deciding whether Radar may send to it
 * (decisions.md, "Delivery": private, loopback and link-local addresses are refused unless the
 * configuration allows them). Checked on an endpoint's resolved addresses, when it is registered
 * and again at each delivery, so a name that later resolves inward is still caught.
 *
 * - `public`: globally routable unicast.
 * - `loopback`: 127.0.0.0/8, ::1.
 * - `private`: RFC 1918, shared address space 100.64.0.0/10, IPv6 unique local fc00::/7 and
 *   the deprecated site-local fec0::/10, local-use NAT64 64:ff9b:1::/48.
 * - `link_local`: 169.254.0.0/16 (cloud metadata endpoints live here), fe80::/10.
 * - `unspecified`: 0.0.0.0/8 and :: (a connection to 0.0.0.0 reaches the local host).
 * - `multicast`: 224.0.0.0/4, ff00::/8.
 * - `reserved`: documentation, benchmarking, protocol-assignment and future-use ranges, the
 *   limited broadcast address, Teredo, and IPv6 outside global unicast 2000::/3.
 *
 * IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96 and 6to4
 * 2002::/16) are classified by that IPv4 address, since that is where the packets go.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'unspecified' | 'multicast' | 'reserved';

/** The classes configuration may allow besides `public`; the others are never a valid destination. */
export const ALLOWABLE_ADDRESS_CLASSES = ['loopback', 'private', 'link_local'] as const;
export type AllowableAddressClass = (typeof ALLOWABLE_ADDRESS_CLASSES)[number];

interface Range {
  /** The network address: a 32-bit number for IPv4, a 128-bit bigint for IPv6. */
  network: bigint;
  prefixLength: number;
  class: Exclude<AddressClass, 'public'>;
}

const IPV4_RANGES: readonly Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
].map(([address, prefixLength, kind]) => ({
  network: ipv4Value(address as string),
  prefixLength: prefixLength as number,
  class: kind as Range['class'],
}));

const IPV6_RANGES: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'private'],
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'reserved'],
  ['2001:2::', 48, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link_local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
].map(([address, prefixLength, kind]) => ({
  network: ipv6Value(address as string),
  prefixLength: prefixLength as number,
  class: kind as Range['class'],
}));

const GLOBAL_UNICAST = ipv6Value('2000::');

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** The 128-bit value of an IPv6 address (zone id dropped, a trailing dotted IPv4 part allowed). */
function ipv6Value(address: string): bigint {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Value(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const inRange = (value: bigint, bits: number, range: Range): boolean => {
  const shift = BigInt(bits - range.prefixLength);
  return value >> shift === range.network >> shift;
};

const classifyIpv4 = (value: bigint): AddressClass => IPV4_RANGES.find((range) => inRange(value, 32, range))?.class ?? 'public';

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that embed one. */
function embeddedIpv4(value: bigint): bigint | undefined {
  if (value >> 32n === 0xffffn) return value & 0xffffffffn; // ::ffff:a.b.c.d
  if (value >> 32n === ipv6Value('64:ff9b::') >> 32n) return value & 0xffffffffn; // NAT64 well-known prefix
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn; // 6to4: 2002:AABB:CCDD::/48
  return undefined;
}

function classifyIpv6(value: bigint): AddressClass {
  const ipv4 = embeddedIpv4(value);
  if (ipv4 !== undefined) return classifyIpv4(ipv4);
  const listed = IPV6_RANGES.find((range) => inRange(value, 128, range));
  if (listed) return listed.class;
  return value >> 125n === GLOBAL_UNICAST >> 125n ? 'public' : 'reserved';
}

/** The class of an IP address (IPv4, or IPv6 with or without brackets or a zone id); throws for anything else. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return classifyIpv4(ipv4Value(bare));
  if (isIPv6(bare)) return classifyIpv6(ipv6Value(bare));
  throw new TypeError(`Not an IP address: ${JSON.stringify(address)}`);
}

/** Whether Radar may send to the address: public ones always, the allowable classes when configured. */
export function isAllowedAddress(address: string, allowed: ReadonlySet<AllowableAddressClass>): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (allowed as ReadonlySet<AddressClass>).has(kind);
}
