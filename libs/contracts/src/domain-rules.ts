import { parse } from 'tldts';

/** A domain as lookups and the `domains` filter compare it (extensions.md, section 1). */
export interface LookupDomain {
  /** The exact normalised host: `jobs.acme.co.uk`. */
  host: string;
  /** Its registrable domain under the ICANN section of the Public Suffix List: `acme.co.uk`. */
  registrable: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;
const HOST = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u;

/**
 * The domain rules of section 1: trimmed, lower case; scheme, user, `www.`, port, path, query and
 * fragment dropped; an email address counts as its domain. Undefined when what is left is not a
 * domain under an ICANN public suffix (an IP address, a bare word, an unknown suffix).
 */
export function parseLookupDomain(input: string): LookupDomain | undefined {
  let host = input.trim().toLowerCase().replace(SCHEME, '');
  host = host.replace(/[/?#].*$/, '');
  host = host.slice(host.lastIndexOf('@') + 1);
  host = host.replace(/:\d*$/, '').replace(/\.$/, '').replace(/^www\./, '');
  if (host.length > 253 || !HOST.test(host)) return undefined;
  const parsed = parse(host, { allowPrivateDomains: false });
  if (parsed.isIp || parsed.isIcann !== true || parsed.domain === null || parsed.hostname !== host) return undefined;
  return { host, registrable: parsed.domain };
}
