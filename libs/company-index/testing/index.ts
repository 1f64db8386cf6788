export { anIndexedCompany, aSparseIndexedCompany } from './indexed-company';
export * from './reference-search';
export { referenceSimilar, referenceTerms, type ReferenceSimilar } from './reference-similar';
export { referenceDomainOwners, referenceNameMatches } from './reference-lookup';
export { describeCompanyIndexConformance } from './conformance/company-index.conformance';
export { describeCompanyListsConformance } from './conformance/company-lists.conformance';
export type { ConformanceEngine, OpenedIndex, TextSearchDatabase } from './conformance/conformance-engine';
