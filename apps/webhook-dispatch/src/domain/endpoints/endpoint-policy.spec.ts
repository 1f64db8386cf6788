import type { AllowableAddressClass } from './address-class';
import { checkEndpointUrl, EndpointRefused, HostLookupError, type EndpointPolicy, type HostResolver } from './endpoint-policy';

const production: EndpointPolicy = { allowHttp: false, allowedAddressClasses: new Set() };
const development: EndpointPolicy = { allowHttp: true, allowedAddressClasses: new Set<AllowableAddressClass>(['loopback']) };

/** A resolver with a fixed table: DNS answers chosen by the test (public, private, mixed). */
const resolverOf =
  (table: Record<string, string[]>): HostResolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw new HostLookupError(`${host} is unknown`, false);
    return addresses;
  };

const dns = resolverOf({
  'hooks.example.com': ['93.184.215.14', '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.com': ['10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
  'v6-loopback.example.com': ['::1'],
});

const refusal = async (url: string, policy: EndpointPolicy, resolve: HostResolver = dns): Promise<string> => {
  const error = await checkEndpointUrl(url, policy, resolve).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof EndpointRefused)) throw new Error(`expected ${url} to be refused, got ${String(error)}`);
  return error.message;
};

describe('checkEndpointUrl', () => {
  it('accepts an https URL whose host resolves only to public addresses, and hands back the parsed URL', async () => {
    const url = await checkEndpointUrl('https://HOOKS.example.com:8443/receive?x=1', production, dns);
    expect(url.href).toBe('https://hooks.example.com:8443/receive?x=1');
  });

  it('accepts a public IP literal without asking the resolver', async () => {
    const resolve = jest.fn(dns);
    await expect(checkEndpointUrl('https://93.184.215.14/hook', production, resolve)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpointUrl('https://[2001:4860:4860::8888]/hook', production, resolve)).resolves.toBeInstanceOf(URL);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses http in production and accepts it where the configuration allows it', async () => {
    expect(await refusal('http://hooks.example.com/hook', production)).toBe('must use https, not http');
    await expect(checkEndpointUrl('http://hooks.example.com/hook', development, dns)).resolves.toBeInstanceOf(URL);
  });

  it.each([['ftp://hooks.example.com/x'], ['file:///etc/passwd'], ['javascript:alert(1)'], ['data:text/plain,hi']])(
    'refuses %s, whatever the configuration',
    async (url) => {
      expect(await refusal(url, development)).toMatch(/^must use https or http, not /);
    },
  );

  it('refuses text that is not an absolute URL', async () => {
    expect(await refusal('/relative/path', production)).toBe('must be an absolute URL');
    expect(await refusal('not a url', production)).toBe('must be an absolute URL');
  });

  it.each([
    ['https://127.0.0.1/hook', 'host 127.0.0.1 is a loopback address, which is not accepted'],
    ['https://[::1]/hook', 'host ::1 is a loopback address, which is not accepted'],
    ['https://10.0.0.5/hook', 'host 10.0.0.5 is a private address, which is not accepted'],
    ['https://169.254.169.254/latest/meta-data', 'host 169.254.169.254 is a link-local address, which is not accepted'],
    ['https://0.0.0.0/hook', 'host 0.0.0.0 is an unspecified address, which is not accepted'],
    ['https://[::ffff:127.0.0.1]/hook', 'host ::ffff:7f00:1 is a loopback address, which is not accepted'],
  ])('refuses the IP literal of %s in production', async (url, message) => {
    expect(await refusal(url, production)).toBe(message);
  });

  it('reads IPv4 literals the way the HTTP client will: hex, octal and short forms are the same address', async () => {
    expect(await refusal('https://0x7f.1/hook', production)).toMatch(/^host 127\.0\.0\.1 is a loopback address/);
    expect(await refusal('https://2130706433/hook', production)).toMatch(/^host 127\.0\.0\.1 is a loopback address/);
    expect(await refusal('https://012.0.0.1/hook', production)).toMatch(/^host 10\.0\.0\.1 is a private address/);
  });

  it('refuses a name that resolves to a private or link-local address, naming the address', async () => {
    expect(await refusal('https://internal.example.com/hook', production)).toBe(
      'host internal.example.com resolves to 10.1.2.3, a private address, which is not accepted',
    );
    expect(await refusal('https://metadata.example.com/', development)).toMatch(/resolves to 169\.254\.169\.254, a link-local address/);
  });

  it('refuses a name when any one of its addresses is not allowed', async () => {
    expect(await refusal('https://mixed.example.com/hook', production)).toMatch(/resolves to 127\.0\.0\.1, a loopback address/);
  });

  it('accepts loopback where the configuration allows it, and still refuses private addresses there', async () => {
    await expect(checkEndpointUrl('http://127.0.0.1:9000/hook', development, dns)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpointUrl('https://v6-loopback.example.com/hook', development, dns)).resolves.toBeInstanceOf(URL);
    expect(await refusal('http://10.0.0.5/hook', development)).toMatch(/private address/);
  });

  it('refuses a name that does not resolve', async () => {
    expect(await refusal('https://nowhere.example.com/hook', production)).toBe('host nowhere.example.com does not resolve to an address');
  });

  it('passes a temporary lookup failure on as such, not as a refusal of the URL', async () => {
    const down: HostResolver = async () => {
      throw new HostLookupError('the resolver did not answer', true);
    };
    await expect(checkEndpointUrl('https://hooks.example.com/', production, down)).rejects.toMatchObject({ name: 'HostLookupError', temporary: true });
  });
});
