export * from './company-index';
export { toIndexedCompany } from './dataset-company';
export { normalizeDomain } from './domain-name';
export { expandFreeTextQuery, wordMatches, type FreeTextQuery, type QueryBranch, type SynonymMatch } from './free-text-query';
export { collapsePhrases, normalizePhrase, type CollapsedPhrases } from './keyword-phrases';
export { keywordWords } from './keyword-words';
export { normalizeFilters, type NormalizedSearch } from './normalize-filters';
export { SYNONYM_GROUPS } from './query-synonyms';
export { sameSort, sortSpecOf, sortString } from './sort-spec';
export { resolveDomain, type DomainOwner } from './lookup/domain-resolution';
export { byNameSimilarity, decideByName, type NameDecision } from './lookup/lookup-decision';
export { NameIndex, type NameCandidate, type NamedCompany, type NameMatches, type NameQuery } from './lookup/name-index';
export { jaccardHundredths, NAME_CANDIDATE_MIN, NAME_MATCH_LEAD, NAME_MATCH_MIN, nameSimilarity, nameWords } from './lookup/name-words';
export {
  bySimilarity, CHARACTERISTIC_TERMS, jaccard, naicsSectorOf, seedScore, sharedWithSeeds, SIMILARITY_WEIGHTS, similarityTo,
  type SharedWithSeeds, type SimilarityProfile,
} from './similar/similarity-rule';
