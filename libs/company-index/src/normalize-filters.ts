import { EMPLOYEE_BAND_VALUES, parseLookupDomain, type CompanyFilters } from '@radar/contracts';
import type { ConnectionFilter, NormalizedFilters } from './company-index';
import { normalizeDomain } from './domain-name';
import { collapsePhrases } from './keyword-phrases';

export interface NormalizedSearch {
  filters: NormalizedFilters;
  /** `keyword_phrases_collapsed` of the response: keywords repeated or contained one another. */
  keywordPhrasesCollapsed: boolean;
}

/** Multi-prefix NAICS sectors by their hyphenated code (a bare `31` is refused by the contract). */
const SECTOR_PREFIXES: Readonly<Record<string, string[]>> = {
  '31-33': ['31', '32', '33'],
  '44-45': ['44', '45'],
  '48-49': ['48', '49'],
};

/** Empty lists mean "no filter"; repeats change nothing. */
function listOrUndefined<T>(values: readonly T[] | undefined): T[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  return [...new Set(values)];
}

/**
 * The band values a request allows: employee_bands (all nine when absent) inside the inclusive
 * min/max range. Undefined when the request does not filter by size; an empty list when the
 * range holds none of the stored values (it then matches nothing).
 */
function allowedEmployeeCounts(filters: CompanyFilters): number[] | undefined {
  const bands = listOrUndefined(filters.employee_bands);
  const { employee_count_min: min, employee_count_max: max } = filters;
  if (bands === undefined && min === undefined && max === undefined) return undefined;
  return (bands ?? EMPLOYEE_BAND_VALUES)
    .filter((value) => (min === undefined || value >= min) && (max === undefined || value <= max))
    .sort((a, b) => a - b);
}

function connectionFilters(filters: CompanyFilters): ConnectionFilter[] | undefined {
  const entries = (filters.connections ?? []).map((entry) => {
    const connection: ConnectionFilter = {};
    if (entry.category !== undefined) connection.category = entry.category;
    if (entry.connected_company_id !== undefined) connection.connectedCompanyId = entry.connected_company_id.toLowerCase();
    if (entry.connected_domain !== undefined) connection.connectedDomain = normalizeDomain(entry.connected_domain);
    return connection;
  });
  return entries.length > 0 ? entries : undefined;
}

/**
 * The domains filter as the index compares it: each entry's exact host and its registrable
 * domain (a company's own or other domain equal to either matches), de-duplicated. Entries
 * were validated by the contract; one that is not a domain adds nothing.
 */
function domainFilter(filters: CompanyFilters): string[] | undefined {
  if (filters.domains === undefined) return undefined;
  const domains = new Set<string>();
  for (const entry of filters.domains) {
    const parsed = parseLookupDomain(entry);
    if (parsed !== undefined) domains.add(parsed.host).add(parsed.registrable);
  }
  return [...domains].sort();
}

/** Turns validated request filters into what a CompanyIndex evaluates. */
export function normalizeFilters(filters: CompanyFilters): NormalizedSearch {
  const normalized: NormalizedFilters = {};
  const query = filters.query?.trim();
  if (query) normalized.query = query;

  normalized.countries = listOrUndefined(filters.countries);
  normalized.states = listOrUndefined(filters.states);
  normalized.cities = listOrUndefined(filters.cities);
  normalized.industries = listOrUndefined(filters.industries);
  normalized.excludeIndustries = listOrUndefined(filters.exclude_industries);
  normalized.naicsCodes = listOrUndefined(filters.naics_codes);
  normalized.naicsPrefixes = listOrUndefined((filters.naics_sectors ?? []).flatMap((sector) => SECTOR_PREFIXES[sector] ?? [sector]));
  normalized.technologies = listOrUndefined(filters.technologies);
  normalized.technologyCategories = listOrUndefined(filters.technology_categories);
  normalized.employeeCounts = allowedEmployeeCounts(filters);
  normalized.foundedYearMin = filters.founded_year_min;
  normalized.foundedYearMax = filters.founded_year_max;

  const keywords = collapsePhrases(filters.keywords ?? []);
  normalized.keywords = listOrUndefined(keywords.phrases);
  normalized.excludeKeywords = listOrUndefined(collapsePhrases(filters.exclude_keywords ?? []).phrases);
  normalized.connections = connectionFilters(filters);
  normalized.domains = domainFilter(filters);

  // Absent, not undefined-valued, keys: back-ends and cache keys see only what was asked.
  for (const key of Object.keys(normalized) as (keyof NormalizedFilters)[]) {
    if (normalized[key] === undefined) delete normalized[key];
  }
  return { filters: normalized, keywordPhrasesCollapsed: keywords.collapsed };
}
