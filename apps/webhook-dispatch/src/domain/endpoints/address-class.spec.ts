import { classifyAddress, isAllowedAddress, type AddressClass, type AllowableAddressClass } from './address-class';

describe('classifyAddress', () => {
  it.each<[string, AddressClass]>([
    // IPv4
    ['93.184.215.14', 'public'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.0', 'public'],
    ['169.254.169.254', 'link_local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.20.0.0', 'public'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
    ['::2', 'reserved'],
    ['4000::1', 'reserved'],
    ['64:ff9b:1::a', 'private'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each<[string, AddressClass]>([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:93.184.215.14', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:5db8:d70e::1', 'public'],
  ])('classifies %s by the IPv4 address it carries (%s)', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('accepts a bracketed IPv6 literal as a URL writes it', () => {
    expect(classifyAddress('[::1]')).toBe('loopback');
  });

  it.each([['localhost'], ['example.com'], ['256.1.1.1'], ['1.2.3'], [''], ['::g']])('refuses %j, which is not an IP address', (value) => {
    expect(() => classifyAddress(value)).toThrow(TypeError);
  });
});

describe('isAllowedAddress', () => {
  const none = new Set<AllowableAddressClass>();

  it('allows public addresses whatever the configuration', () => {
    expect(isAllowedAddress('93.184.215.14', none)).toBe(true);
    expect(isAllowedAddress('2001:4860:4860::8888', none)).toBe(true);
  });

  it('refuses loopback, private and link-local addresses unless their class is allowed', () => {
    expect(isAllowedAddress('127.0.0.1', none)).toBe(false);
    expect(isAllowedAddress('10.0.0.1', none)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', none)).toBe(false);
    const loopbackOnly = new Set<AllowableAddressClass>(['loopback']);
    expect(isAllowedAddress('127.0.0.1', loopbackOnly)).toBe(true);
    expect(isAllowedAddress('::1', loopbackOnly)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', loopbackOnly)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', loopbackOnly)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', new Set<AllowableAddressClass>(['private']))).toBe(false);
  });

  it('never allows unspecified, multicast or reserved addresses, even with every class allowed', () => {
    const all = new Set<AllowableAddressClass>(['loopback', 'private', 'link_local']);
    for (const address of ['0.0.0.0', '::', '224.0.0.1', 'ff02::1', '192.0.2.1', '255.255.255.255', '2001:db8::1']) {
      expect(isAllowedAddress(address, all)).toBe(false);
    }
  });
});
