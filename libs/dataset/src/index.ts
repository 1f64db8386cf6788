/**
 * The deterministic synthetic company dataset of Radar: companies, their job postings and
 * connections, and a year of events for the followed companies. Every record depends only
 * on (seed, index), so any slice can be generated on its own and memory stays flat.
 */
export {
  FIELD_PRESENCE, companyIdentity, generateCompanies, generateCompany, generateCompanyBatches, indexFromCompanyId, indexFromDomain,
  type Company, type CompanyIdentity, type GenerateCompaniesOptions,
} from './company';
export { SIGNAL_TYPES, generateCompanyEvents, type CompanyEvent, type CompanyEventOptions, type JobOpeningFacts, type SignalType } from './company-events';
export { CONNECTION_CATEGORIES, generateConnections, type Connection, type ConnectionCategory, type ConnectionOptions } from './connections';
export { dataQualityScore, QUALITY_FIELDS } from './data-quality';
export { OTHER_DOMAIN_PRESENCE } from './other-domains';
export { DATASET_AS_OF, formatDay, parseDay } from './dates';
export { EMPLOYEE_BANDS, EMPLOYEE_RANGES, type EmployeeBand } from './employee-bands';
export { FOLLOWED_TARGET, followedCount, followedIndices, isFollowed, type FollowedOptions } from './followed';
export { generateFollowedCompanies, type FollowedCompany } from './followed-feed';
export { FUNDING_STAGES, type FundingStage } from './funding';
export { JOB_POSTING_PRESENCE, generateJobPostings, type JobPosting, type JobPostingOptions } from './job-postings';
export type { DatasetSeed } from './prng';
export { INDUSTRIES, INDUSTRY_LABELS, type IndustryDefinition } from './data/industries';
export { JOB_CATEGORIES, SENIORITIES, type JobCategory, type Seniority } from './data/job-roles';
export { NAICS_2022_INDUSTRIES, NAICS_SECTORS, NAICS_SECTOR_CODES, naicsSectorOf, type NaicsSector } from './data/naics-2022';
export { NEWS_CATEGORIES, OTHER_NEWS_CATEGORIES, type NewsCategory } from './data/news';
export { TECHNOLOGIES, TECHNOLOGY_CATEGORIES, type Technology } from './data/technologies';
