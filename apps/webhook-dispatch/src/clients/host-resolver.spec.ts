import { checkEndpointUrl, type EndpointPolicy } from '../domain/endpoints/endpoint-policy';
import { systemHostResolver } from './host-resolver';

const production: EndpointPolicy = { allowHttp: false, allowedAddressClasses: new Set() };

describe('systemHostResolver', () => {
  const resolve = systemHostResolver();

  it('resolves localhost to a loopback address', async () => {
    const addresses = await resolve('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((address) => address === '127.0.0.1' || address === '::1')).toBe(true);
  });

  it('reports a name under .invalid (RFC 6761: never resolves) as not existing rather than temporary', async () => {
    await expect(resolve('no-such-host.invalid')).rejects.toMatchObject({ name: 'HostLookupError', temporary: false });
  });

  it('lets the system resolver refuse localhost through checkEndpointUrl in production', async () => {
    await expect(checkEndpointUrl('https://localhost:8443/hook', production, resolve)).rejects.toMatchObject({
      name: 'EndpointRefused',
      message: expect.stringMatching(/^host localhost resolves to (127\.0\.0\.1|::1), a loopback address/),
    });
  });
});
