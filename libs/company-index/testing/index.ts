export { anIndexedCompany, aSparseIndexedCompany } from './indexed-company';
export * from './reference-search';
