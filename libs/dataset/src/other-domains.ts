import { Rng, Stream, type SeedKey } from './prng';

/**
 * How often a company is known by domains besides its own: a country domain (`acme-3kf.de` for
 * `acme-3kf.com`), a former domain that now redirects (`getacme-3kf.com`), a store on a hosted
 * platform (`acme-3kf.myshopify.com`: a subdomain that is a site of its own).
 */
export const OTHER_DOMAIN_PRESENCE = {
  countryDomain: 0.12,
  formerDomain: 0.06,
  hostedStore: 0.03,
} as const;

const COUNTRY_TLDS = ['.de', '.fr', '.co.uk', '.es', '.it', '.nl', '.com.au', '.ca', '.ch', '.se'] as const;
const FORMER_PREFIXES = ['get', 'try', 'join', 'use'] as const;
const FORMER_TLDS = ['.com', '.net', '.io'] as const;

/**
 * The other domains of the company whose own domain is `domain` (`<label><tld>`, the label
 * ending in the index's code, which keeps each of them unique: no other company's label ends in
 * that code). Drawn from a stream of their own, so no other field of the record moves.
 */
export function drawOtherDomains(key: SeedKey, index: number, domain: string): string[] {
  const rng = new Rng(key, Stream.otherDomains, index);
  const dot = domain.indexOf('.');
  const label = domain.slice(0, dot);
  const ownTld = domain.slice(dot);
  const domains: string[] = [];
  if (rng.chance(OTHER_DOMAIN_PRESENCE.countryDomain)) {
    const choices = COUNTRY_TLDS.filter((tld) => tld !== ownTld);
    domains.push(`${label}${rng.pick(choices)}`);
  }
  if (rng.chance(OTHER_DOMAIN_PRESENCE.formerDomain)) {
    domains.push(`${rng.pick(FORMER_PREFIXES)}${label}${rng.pick(FORMER_TLDS)}`);
  }
  if (rng.chance(OTHER_DOMAIN_PRESENCE.hostedStore)) domains.push(`${label}.myshopify.com`);
  return domains;
}
