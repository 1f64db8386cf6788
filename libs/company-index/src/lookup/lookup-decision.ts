import { LOOKUP_MAX_CANDIDATES } from '@radar/contracts';
import type { NameCandidate } from './name-index';
import { NAME_MATCH_LEAD, NAME_MATCH_MIN } from './name-words';

/** What the name rule makes of an entry's candidates. */
export type NameDecision =
  | { status: 'matched'; best: NameCandidate }
  | { status: 'ambiguous'; candidates: NameCandidate[] }
  | { status: 'not_found' };

/** Best first, ties by company id. */
export function byNameSimilarity(a: NameCandidate, b: NameCandidate): number {
  return b.similarity - a.similarity || (a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0);
}

/**
 * The best candidate is matched when its similarity is at least 0.9 and at least 0.1 above the
 * next one's (compared in hundredths: no floating-point near misses); otherwise any candidates
 * make the entry ambiguous (the best three are shown); none is not found.
 */
export function decideByName(candidates: readonly NameCandidate[]): NameDecision {
  const ranked = [...candidates].sort(byNameSimilarity);
  const [best, next] = ranked;
  if (best === undefined) return { status: 'not_found' };
  if (best.similarity >= NAME_MATCH_MIN && best.similarity - (next?.similarity ?? 0) >= NAME_MATCH_LEAD) return { status: 'matched', best };
  return { status: 'ambiguous', candidates: ranked.slice(0, LOOKUP_MAX_CANDIDATES) };
}
