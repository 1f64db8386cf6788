import type { estypes } from '@elastic/elasticsearch';
import type { DomainOwner } from '@radar/company-index';
import { z } from 'zod';
import { domainsQuery } from '../company-query';
import { pagesOf, type IndexReader } from '../index-reader';

/** Owners read per page: a lookup's 200 domains rarely have more than that many owners. */
const OWNERS_PAGE = 1_000;

const ownerSourceSchema = z.object({ id: z.string(), domain: z.string(), other_domains: z.array(z.string()).nullish() });

/** The companies owning any of the domains: own or other domain one of them, by company id. */
export function domainOwnersRequest(alias: string, domains: string[]): estypes.SearchRequest {
  return {
    index: alias,
    query: domainsQuery(domains),
    sort: [{ id: { order: 'asc' } }],
    size: OWNERS_PAGE,
    track_total_hits: false,
    _source: ['id', 'domain', 'other_domains'],
    allow_partial_search_results: false,
  };
}

/** Each (domain, company) a company owns among the domains, own or other; found by their keyword fields (`terms` queries). */
export async function domainOwners(reader: IndexReader, domains: string[]): Promise<DomainOwner[]> {
  const wanted = new Set(domains);
  const owners: DomainOwner[] = [];
  for await (const hits of pagesOf(reader, domainOwnersRequest(reader.alias, domains), 'domain owners')) {
    for (const hit of hits) {
      const source = ownerSourceSchema.parse(hit._source);
      if (wanted.has(source.domain)) owners.push({ domain: source.domain, companyId: source.id, own: true });
      for (const other of new Set(source.other_domains ?? [])) if (wanted.has(other)) owners.push({ domain: other, companyId: source.id, own: false });
    }
  }
  return owners;
}
