import type { LookupDomain } from '@radar/contracts';

/** A company that has `domain` as its own domain or as another domain it is known by. */
export interface DomainOwner {
  domain: string;
  companyId: string;
  own: boolean;
}

/**
 * The companies an entry's domain finds (extensions.md, section 1): the exact host, then its
 * registrable domain; at each, companies' own domains before other domains. The first of the
 * four steps that finds companies decides; none is an empty list. Ids sorted.
 */
export function resolveDomain(domain: LookupDomain, owners: readonly DomainOwner[]): string[] {
  const steps: [string, boolean][] = [
    [domain.host, true],
    [domain.host, false],
    [domain.registrable, true],
    [domain.registrable, false],
  ];
  for (const [name, own] of steps) {
    const found = owners.filter((owner) => owner.domain === name && owner.own === own).map((owner) => owner.companyId);
    if (found.length > 0) return [...new Set(found)].sort();
  }
  return [];
}
