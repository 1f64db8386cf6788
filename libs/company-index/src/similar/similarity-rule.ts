/**
 * The similarity rule of extensions.md section 2, written once for both engines and the
 * conformance oracle. Values are compared by equality only, so an engine may score with
 * dictionary codes and the oracle with the strings themselves: the numbers come out the same.
 */

export const SIMILARITY_WEIGHTS = {
  industry: 0.3,
  naicsSector: 0.1,
  terms: 0.25,
  technologies: 0.2,
  employeeBand: 0.1,
  country: 0.05,
} as const;

/** How many characteristic terms a description has at most. */
export const CHARACTERISTIC_TERMS = 25;

/** What the rule reads of a company; null is a missing value, which never equals another. */
export interface SimilarityProfile<Value> {
  industry: Value | null;
  naicsSector: Value | null;
  /** Characteristic terms of the description (distinct). */
  terms: readonly Value[];
  /** Distinct technologies. */
  technologies: readonly Value[];
  employeeBand: Value | null;
  country: Value | null;
}

/** What a company shares with the seeds, by the rule's own reading. */
export interface SharedWithSeeds<Value> {
  industry: Value | null;
  country: Value | null;
  employeeBand: boolean;
  technologies: Value[];
  terms: Value[];
}

const same = <Value>(a: Value | null, b: Value | null): boolean => a !== null && b !== null && a === b;

/** Shared elements over all elements of two sets; two empty sets give 0. */
export function jaccard<Value>(a: readonly Value[], b: readonly Value[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const inB = new Set(b);
  let shared = 0;
  for (const value of a) if (inB.has(value)) shared += 1;
  return shared / (a.length + b.length - shared);
}

/** The score of a company against one seed (0 to 1). */
export function seedScore<Value>(company: SimilarityProfile<Value>, seed: SimilarityProfile<Value>): number {
  return (
    (same(company.industry, seed.industry) ? SIMILARITY_WEIGHTS.industry : 0) +
    (same(company.naicsSector, seed.naicsSector) ? SIMILARITY_WEIGHTS.naicsSector : 0) +
    SIMILARITY_WEIGHTS.terms * jaccard(company.terms, seed.terms) +
    SIMILARITY_WEIGHTS.technologies * jaccard(company.technologies, seed.technologies) +
    (same(company.employeeBand, seed.employeeBand) ? SIMILARITY_WEIGHTS.employeeBand : 0) +
    (same(company.country, seed.country) ? SIMILARITY_WEIGHTS.country : 0)
  );
}

/** `similarity`: the mean of the seed scores, four decimals. */
export function similarityTo<Value>(company: SimilarityProfile<Value>, seeds: readonly SimilarityProfile<Value>[]): number {
  let sum = 0;
  for (const seed of seeds) sum += seedScore(company, seed);
  return Math.round((sum / seeds.length) * 10_000) / 10_000;
}

/** `shared`: the company's own industry and country when a seed has the same, whether a seed is in its band, and what it shares of the seeds' technologies and terms (in the company's order). */
export function sharedWithSeeds<Value>(company: SimilarityProfile<Value>, seeds: readonly SimilarityProfile<Value>[]): SharedWithSeeds<Value> {
  const seedTechnologies = new Set(seeds.flatMap((seed) => seed.technologies));
  const seedTerms = new Set(seeds.flatMap((seed) => seed.terms));
  return {
    industry: seeds.some((seed) => same(company.industry, seed.industry)) ? company.industry : null,
    country: seeds.some((seed) => same(company.country, seed.country)) ? company.country : null,
    employeeBand: seeds.some((seed) => same(company.employeeBand, seed.employeeBand)),
    technologies: company.technologies.filter((technology) => seedTechnologies.has(technology)),
    terms: company.terms.filter((term) => seedTerms.has(term)),
  };
}

/** Most similar first, ties by company id ascending. */
export function bySimilarity(a: { similarity: number; companyId: string }, b: { similarity: number; companyId: string }): number {
  return b.similarity - a.similarity || (a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0);
}

/** NAICS sectors span several 2-digit prefixes in three cases (31-33, 44-45, 48-49). */
const SECTOR_OF_PREFIX: Readonly<Record<string, string>> = { '31': '31-33', '32': '31-33', '33': '31-33', '44': '44-45', '45': '44-45', '48': '48-49', '49': '48-49' };

export function naicsSectorOf(naicsCode: string | null): string | null {
  if (naicsCode === null || naicsCode.length < 2) return null;
  const prefix = naicsCode.slice(0, 2);
  return SECTOR_OF_PREFIX[prefix] ?? prefix;
}
