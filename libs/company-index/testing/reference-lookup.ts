import type { IndexedCompany } from '../src/company-index';
import type { DomainOwner } from '../src/lookup/domain-resolution';
import { LOOKUP_MAX_CANDIDATES } from '@radar/contracts';
import { byNameSimilarity } from '../src/lookup/lookup-decision';
import type { NameCandidate, NameMatches, NameQuery } from '../src/lookup/name-index';
import { NAME_CANDIDATE_MIN, nameSimilarity } from '../src/lookup/name-words';

/**
 * What lookups should find, by brute force over every record: an engine finds its candidates
 * through an index of its own, and must find exactly these. The name rule itself (words,
 * legal forms, similarity) is the shared one, tested on its own; what is checked here is that
 * an engine's index misses no candidate and adds none.
 */

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byDomainThenId = (a: DomainOwner, b: DomainOwner): number => compare(a.domain, b.domain) || Number(b.own) - Number(a.own) || compare(a.companyId, b.companyId);

/** Every company whose own or other domain is one of `domains`, once per (domain, company, own). */
export function referenceDomainOwners(companies: readonly IndexedCompany[], domains: readonly string[]): DomainOwner[] {
  const wanted = new Set(domains);
  const owners: DomainOwner[] = [];
  for (const company of companies) {
    if (wanted.has(company.domain)) owners.push({ domain: company.domain, companyId: company.id, own: true });
    for (const other of new Set(company.otherDomains)) if (wanted.has(other)) owners.push({ domain: other, companyId: company.id, own: false });
  }
  return owners.sort(byDomainThenId);
}

/** Owners in one order, to compare engines' answers (which come in none). */
export const sortedOwners = (owners: readonly DomainOwner[]): DomainOwner[] => [...owners].sort(byDomainThenId);

/** Every company within the country (when given) whose name similarity to the query reaches the candidate minimum, by company id. */
export function referenceNameMatches(companies: readonly IndexedCompany[], query: NameQuery): NameMatches {
  if (query.country !== undefined && !companies.some((company) => company.country === query.country)) return { knownCountry: false };
  const candidates = companies
    .filter((company) => query.country === undefined || company.country === query.country)
    .map((company) => ({ companyId: company.id, similarity: Math.round(nameSimilarity(query.name, company.name) * 100) }))
    .filter((candidate) => candidate.similarity >= NAME_CANDIDATE_MIN)
    .sort((a, b) => compare(a.companyId, b.companyId));
  return { knownCountry: true, candidates };
}

/** What a lookup decides on of an answer: whether the country is known, and its best candidates in order. */
export function bestNameCandidates(matches: NameMatches): { knownCountry: boolean; best?: NameCandidate[] } {
  return matches.knownCountry ? { knownCountry: true, best: [...matches.candidates].sort(byNameSimilarity).slice(0, LOOKUP_MAX_CANDIDATES) } : { knownCountry: false };
}

/** Candidates of an answer that the reference does not have, or has with another similarity. */
export function unexpectedCandidates(answer: NameMatches, reference: NameMatches): NameCandidate[] {
  if (!answer.knownCountry) return [];
  const expected = new Map((reference.knownCountry ? reference.candidates : []).map((candidate) => [candidate.companyId, candidate.similarity]));
  return answer.candidates.filter((candidate) => expected.get(candidate.companyId) !== candidate.similarity);
}
