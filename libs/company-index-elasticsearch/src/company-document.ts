import { nameWords, type IndexedCompany } from '@radar/company-index';
import { indexingProblem, UnindexableCompanyError } from './indexable-company';

/** A connection as stored: a nested object, so the fields of one entry are matched together. */
export interface ConnectionDocument {
  category: string;
  connected_company_id: string;
  connected_domain: string;
}

/**
 * One company as stored in the Elasticsearch index. Fields that a company lacks are left out
 * rather than stored as null: both are "missing" to Elasticsearch, and 13 million sources
 * are smaller without them.
 */
export interface CompanyDocument {
  id: string;
  name: string;
  /** The name again, as a lowercase-normalised keyword: the case-insensitive name sort. */
  name_sort: string;
  /** The name's words as lookups compare names (lookup/name-words.ts): name lookups find candidates by them. */
  name_words: string[];
  /** How many name words there are: a name lookup bounds a candidate's word count by it. */
  name_word_count: number;
  domain: string;
  /** Other domains the company is known by: matched by the domains filter and lookups as `domain` is. */
  other_domains?: string[];
  description?: string;
  industry?: string;
  employee_count?: number;
  country?: string;
  country_code?: string;
  state?: string;
  city?: string;
  technologies?: string[];
  technology_categories?: string[];
  naics_code?: string;
  /** The 2-digit sector prefix of naics_code, so a sector filter is a term lookup, not a prefix scan. */
  naics_prefix?: string;
  founded_year?: number;
  funding_stage?: string;
  funding_total_usd?: number;
  last_funding_date?: string;
  profile_url?: string;
  data_quality_score: number;
  connections?: ConnectionDocument[];
  /** The description's characteristic terms, best first (similar/characteristic-terms.ts), at the data the index was built from. */
  characteristic_terms?: string[];
}

export const NAICS_PREFIX_LENGTH = 2;

/**
 * The company as indexed, with its description's characteristic terms; throws
 * UnindexableCompanyError for one Elasticsearch would refuse.
 */
export function toCompanyDocument(company: IndexedCompany, characteristicTerms: readonly string[]): CompanyDocument {
  const words = nameWords(company.name);
  const document: CompanyDocument = {
    id: company.id,
    name: company.name,
    name_sort: company.name,
    name_words: words,
    name_word_count: words.length,
    domain: company.domain,
    data_quality_score: company.dataQualityScore,
  };
  if (company.otherDomains.length > 0) document.other_domains = company.otherDomains;
  if (company.description !== null) document.description = company.description;
  if (company.industry !== null) document.industry = company.industry;
  if (company.employeeCount !== null) document.employee_count = company.employeeCount;
  if (company.country !== null) document.country = company.country;
  if (company.countryCode !== null) document.country_code = company.countryCode;
  if (company.state !== null) document.state = company.state;
  if (company.city !== null) document.city = company.city;
  if (company.technologies.length > 0) document.technologies = company.technologies;
  if (company.technologyCategories.length > 0) document.technology_categories = company.technologyCategories;
  if (company.naicsCode !== null) {
    document.naics_code = company.naicsCode;
    document.naics_prefix = company.naicsCode.slice(0, NAICS_PREFIX_LENGTH);
  }
  if (company.foundedYear !== null) document.founded_year = company.foundedYear;
  if (company.fundingStage !== null) document.funding_stage = company.fundingStage;
  if (company.fundingTotalUsd !== null) document.funding_total_usd = company.fundingTotalUsd;
  if (company.lastFundingDate !== null) document.last_funding_date = company.lastFundingDate;
  if (company.profileUrl !== null) document.profile_url = company.profileUrl;
  if (characteristicTerms.length > 0) document.characteristic_terms = [...characteristicTerms];
  if (company.connections.length > 0) {
    document.connections = company.connections.map((connection) => ({
      category: connection.category,
      connected_company_id: connection.connectedCompanyId,
      connected_domain: connection.connectedDomain,
    }));
  }
  const problem = indexingProblem(document);
  if (problem !== undefined) throw new UnindexableCompanyError(company.id, problem);
  return document;
}
