import {
  LOOKUP_MAX_CANDIDATES,
  parseLookupDomain,
  type CompanyLookupItem,
  type CompanyLookupRequest,
  type CompanyLookupResponse,
  type CompanyLookupResult,
  type CompanySummary,
  type LookupDomain,
} from '@radar/contracts';
import { decideByName, resolveDomain, type DomainOwner, type NameMatches } from '@radar/company-index';
import type { SearchDeps } from './deps';

/** What the rules make of one entry, before summaries are read. */
type Outcome =
  | { status: 'matched'; matchType: 'domain' | 'name'; companyId: string; confidence: number }
  | { status: 'ambiguous'; candidates: { companyId: string; confidence: number }[] }
  | { status: 'not_found' }
  | { status: 'invalid'; reason: 'no_domain_or_name' | 'invalid_domain' | 'unknown_country' };

interface Entry {
  domain?: string;
  name?: string;
  country?: string;
}

/** A blank value counts as absent. */
const given = (value: string | null | undefined): string | undefined => (value === null || value === undefined || value.trim() === '' ? undefined : value);

const entryOf = (item: CompanyLookupItem): Entry => ({ domain: given(item.domain), name: given(item.name), country: given(item.country) });

function byName(names: NameMatches): Outcome {
  if (!names.knownCountry) return { status: 'invalid', reason: 'unknown_country' };
  const decision = decideByName(names.candidates);
  if (decision.status === 'matched') {
    return { status: 'matched', matchType: 'name', companyId: decision.best.companyId, confidence: decision.best.similarity / 100 };
  }
  if (decision.status === 'ambiguous') {
    return { status: 'ambiguous', candidates: decision.candidates.map((c) => ({ companyId: c.companyId, confidence: c.similarity / 100 })) };
  }
  return decision;
}

/** The rules of extensions.md section 1 for one entry: its domain first, its name when the domain is invalid or finds nothing. */
function decide(entry: Entry, domain: LookupDomain | undefined, owners: readonly DomainOwner[], names: NameMatches | undefined): Outcome {
  if (entry.domain === undefined && entry.name === undefined) return { status: 'invalid', reason: 'no_domain_or_name' };
  if (domain !== undefined) {
    const found = resolveDomain(domain, owners);
    if (found.length === 1) return { status: 'matched', matchType: 'domain', companyId: found[0] as string, confidence: 1 };
    if (found.length > 1) return { status: 'ambiguous', candidates: found.slice(0, LOOKUP_MAX_CANDIDATES).map((companyId) => ({ companyId, confidence: 1 })) };
  }
  if (names !== undefined) return byName(names);
  return entry.domain !== undefined && domain === undefined ? { status: 'invalid', reason: 'invalid_domain' } : { status: 'not_found' };
}

function resultOf(ref: string | null, outcome: Outcome, summaries: ReadonlyMap<string, CompanySummary>): CompanyLookupResult {
  const base = { ref, reason: null, match_type: null, confidence: 0, company: null, candidates: [] };
  switch (outcome.status) {
    case 'matched':
      return { ...base, status: 'matched', match_type: outcome.matchType, confidence: outcome.confidence, company: summaries.get(outcome.companyId) ?? null };
    case 'ambiguous':
      return {
        ...base,
        status: 'ambiguous',
        candidates: outcome.candidates.flatMap(({ companyId, confidence }) => {
          const company = summaries.get(companyId);
          return company ? [{ company_id: companyId, name: company.name, domain: company.domain, country: company.country, confidence }] : [];
        }),
      };
    case 'invalid':
      return { ...base, status: 'invalid', reason: outcome.reason };
    case 'not_found':
      return { ...base, status: 'not_found' };
  }
}

/**
 * POST /companies/lookup: each entry answered on its own, in the order sent. One read of the
 * domain owners for every entry's host and registrable domain, one of the name candidates of
 * every entry's name, one of the summaries of every company answered.
 */
export async function lookupCompanies(deps: Pick<SearchDeps, 'companyIndex'>, request: CompanyLookupRequest): Promise<CompanyLookupResponse> {
  const entries = request.items.map(entryOf);
  const domains = entries.map((entry) => (entry.domain === undefined ? undefined : parseLookupDomain(entry.domain)));
  const keys = [...new Set(domains.flatMap((domain) => (domain ? [domain.host, domain.registrable] : [])))];
  const named = entries.flatMap((entry, index) => (entry.name === undefined ? [] : [{ index, query: { name: entry.name, country: entry.country } }]));
  const [owners, matches] = await Promise.all([
    keys.length > 0 ? deps.companyIndex.domainOwners(keys) : [],
    named.length > 0 ? deps.companyIndex.nameCandidates(named.map((entry) => entry.query)) : [],
  ]);
  const namesOf = new Map(named.map((entry, at) => [entry.index, matches[at]]));
  const outcomes = entries.map((entry, index) => decide(entry, domains[index], owners, namesOf.get(index)));
  const ids = new Set(
    outcomes.flatMap((outcome) =>
      outcome.status === 'matched' ? [outcome.companyId] : outcome.status === 'ambiguous' ? outcome.candidates.map((c) => c.companyId) : [],
    ),
  );
  const summaries = new Map((await deps.companyIndex.summariesOf([...ids])).map((summary) => [summary.company_id, summary]));
  const items = outcomes.map((outcome, index) => resultOf(request.items[index]?.ref ?? null, outcome, summaries));
  const count = (status: CompanyLookupResult['status']) => items.filter((item) => item.status === status).length;
  return { items, matched: count('matched'), not_found: count('not_found'), ambiguous: count('ambiguous'), invalid: count('invalid') };
}
