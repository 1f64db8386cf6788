export { writeCompanies, writeJobPostings, type StoredJobPosting, type WriteMode } from './company-store.writer';
export { searchPoolOptions } from './pool-options';
export { PostgresCompanyIndex } from './postgres-company-index';
