import { isIP } from 'node:net';
import { classifyAddress, isAllowedAddress, type AllowableAddressClass } from './address-class';

/** Every address a host name resolves to (the system resolver in production, a fixed table in tests). */
export type HostResolver = (host: string) => Promise<string[]>;

/** A failed lookup: `temporary` when resolution itself failed (try again later), not when the name does not exist. */
export class HostLookupError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
    this.name = 'HostLookupError';
  }
}

/** Where Radar may send: decisions.md "Delivery", as the deployment configures it. */
export interface EndpointPolicy {
  /** Plain http accepted besides https (development and tests only). */
  allowHttp: boolean;
  /** Address classes accepted besides public addresses. */
  allowedAddressClasses: ReadonlySet<AllowableAddressClass>;
}

/** Why an endpoint URL was refused; the caller shows it against the field that held the URL. */
export class EndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EndpointRefused';
  }
}

const describeAllowed = (policy: EndpointPolicy) => (policy.allowHttp ? 'https or http' : 'https');

/** An endpoint the policy accepts, with the addresses that were checked: a request must connect to one of these. */
export interface CheckedEndpoint {
  url: URL;
  addresses: string[];
}

/**
 * Checks an endpoint URL before it is registered: an allowed scheme, a host, and every address
 * the host resolves to allowed. Throws EndpointRefused (the URL is not acceptable) or
 * HostLookupError with `temporary` set (name resolution itself failed; try again later).
 */
export async function checkEndpointUrl(raw: string, policy: EndpointPolicy, resolve: HostResolver): Promise<URL> {
  return (await resolveEndpoint(raw, policy, resolve)).url;
}

/**
 * The same checks, answering the addresses they accepted. Delivery connects to one of them and
 * to nothing else, so a name that resolves elsewhere between the check and the connection (DNS
 * rebinding) cannot steer the request inward.
 */
export async function resolveEndpoint(raw: string, policy: EndpointPolicy, resolve: HostResolver): Promise<CheckedEndpoint> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EndpointRefused('must be an absolute URL');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'https' && !(scheme === 'http' && policy.allowHttp)) {
    throw new EndpointRefused(`must use ${describeAllowed(policy)}, not ${scheme}`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new EndpointRefused('must name a host');

  const addresses = isIP(host) ? [host] : await resolveOrRefuse(host, resolve);
  for (const address of addresses) {
    if (!isAllowedAddress(address, policy.allowedAddressClasses)) {
      const kind = classifyAddress(address).replace('_', '-');
      const described = `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} address`;
      const where = address === host ? `is ${described}` : `resolves to ${address}, ${described}`;
      throw new EndpointRefused(`host ${host} ${where}, which is not accepted`);
    }
  }
  return { url, addresses };
}

async function resolveOrRefuse(host: string, resolve: HostResolver): Promise<string[]> {
  try {
    return await resolve(host);
  } catch (error) {
    if (error instanceof HostLookupError && !error.temporary) throw new EndpointRefused(`host ${host} does not resolve to an address`);
    throw error;
  }
}
