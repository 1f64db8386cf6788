export * from './company-index';
export { toIndexedCompany } from './dataset-company';
export { normalizeDomain } from './domain-name';
export { expandFreeTextQuery, wordMatches, type FreeTextQuery, type QueryBranch, type SynonymMatch } from './free-text-query';
export { collapsePhrases, normalizePhrase, type CollapsedPhrases } from './keyword-phrases';
export { keywordWords } from './keyword-words';
export { normalizeFilters, type NormalizedSearch } from './normalize-filters';
export { SYNONYM_GROUPS } from './query-synonyms';
export { sameSort, sortSpecOf, sortString } from './sort-spec';
