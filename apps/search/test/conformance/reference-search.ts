import type { Aggregations, CompanyFilters } from '@radar/contracts';
import type { IndexedCompany } from '../../src/company-index/company-index';

/**
 * The expected answers of the conformance suite, computed from the records in plain
 * JavaScript straight from interface.md and decisions.md. Deliberately shares no code with
 * the service: a rule misread in the service is not misread here the same way.
 */

const NINE_BANDS = [1, 10, 50, 200, 500, 1000, 5000, 10000, 10001];
const HYPHENATED_SECTORS: Record<string, string[]> = { '31-33': ['31', '32', '33'], '44-45': ['44', '45'], '48-49': ['48', '49'] };

/** Words as phrase matching sees them: runs of letters and digits, lower case. */
export function wordsOf(text: string | null): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

function holdsRun(words: string[], run: string[]): boolean {
  if (run.length === 0) return false;
  for (let start = 0; start + run.length <= words.length; start += 1) {
    if (run.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

/** A keyword phrase matches when its words occur in order in the name or in the description. */
export function phraseMatches(company: IndexedCompany, phrase: string): boolean {
  const run = wordsOf(phrase);
  return holdsRun(wordsOf(company.name), run) || holdsRun(wordsOf(company.description), run);
}

/** The words of the fields the free-text query searches, by relevance tier: name, description, industry, domain. */
export function queryFieldWords(company: IndexedCompany): string[][] {
  return [wordsOf(company.name), wordsOf(company.description), wordsOf(company.industry), company.domain.toLowerCase().split(/[.-]/)];
}

/** Every query word occurs in one of the searched fields (tests pick words that stemming leaves alone). */
export function queryMatches(company: IndexedCompany, query: string): boolean {
  const fields = queryFieldWords(company);
  return wordsOf(query).every((word) => fields.some((field) => field.includes(word)));
}

/** 0 when the word is in the name, 1 description, 2 industry, 3 domain. */
export function relevanceTier(company: IndexedCompany, word: string): number {
  return queryFieldWords(company).findIndex((field) => field.includes(word));
}

function allowedBands(filters: CompanyFilters): number[] | undefined {
  const { employee_count_min: min, employee_count_max: max, employee_bands: bands } = filters;
  if (min === undefined && max === undefined && (bands === undefined || bands.length === 0)) return undefined;
  const chosen = bands !== undefined && bands.length > 0 ? bands : NINE_BANDS;
  return chosen.filter((band) => (min === undefined || band >= min) && (max === undefined || band <= max));
}

function anyOf(values: string[] | undefined, value: string | null): boolean {
  return values === undefined || values.length === 0 || (value !== null && values.includes(value));
}

function overlaps(values: string[] | undefined, have: string[]): boolean {
  return values === undefined || values.length === 0 || values.some((value) => have.includes(value));
}

function naicsMatches(filters: CompanyFilters, code: string | null): boolean {
  const codes = filters.naics_codes ?? [];
  const prefixes = (filters.naics_sectors ?? []).flatMap((sector) => HYPHENATED_SECTORS[sector] ?? [sector]);
  if (codes.length === 0 && prefixes.length === 0) return true;
  if (code === null) return false;
  return codes.includes(code) || prefixes.some((prefix) => code.startsWith(prefix));
}

function connectionsMatch(filters: CompanyFilters, company: IndexedCompany): boolean {
  return (filters.connections ?? []).every((entry) =>
    company.connections.some(
      (connection) =>
        (entry.category === undefined || connection.category === entry.category) &&
        (entry.connected_company_id === undefined || connection.connectedCompanyId === entry.connected_company_id) &&
        (entry.connected_domain === undefined || connection.connectedDomain === entry.connected_domain.toLowerCase()),
    ),
  );
}

/** Whether a company is in the match set of a request. */
export function matches(company: IndexedCompany, filters: CompanyFilters): boolean {
  if (filters.query !== undefined && filters.query.trim() !== '' && !queryMatches(company, filters.query)) return false;
  if (!anyOf(filters.countries, company.country)) return false;
  if (!anyOf(filters.states, company.state)) return false;
  if (!anyOf(filters.cities, company.city)) return false;
  if (!anyOf(filters.industries, company.industry)) return false;
  if (company.industry !== null && (filters.exclude_industries ?? []).includes(company.industry)) return false;
  if (!naicsMatches(filters, company.naicsCode)) return false;
  if (!overlaps(filters.technologies, company.technologies)) return false;
  if (!overlaps(filters.technology_categories, company.technologyCategories)) return false;
  const bands = allowedBands(filters);
  if (bands !== undefined && (company.employeeCount === null || !bands.includes(company.employeeCount))) return false;
  if (filters.founded_year_min !== undefined && (company.foundedYear === null || company.foundedYear < filters.founded_year_min)) return false;
  if (filters.founded_year_max !== undefined && (company.foundedYear === null || company.foundedYear > filters.founded_year_max)) return false;
  const keywords = filters.keywords ?? [];
  if (keywords.length > 0 && !keywords.some((phrase) => phraseMatches(company, phrase))) return false;
  if ((filters.exclude_keywords ?? []).some((phrase) => phraseMatches(company, phrase))) return false;
  return connectionsMatch(filters, company);
}

export const matchSetOf = (companies: IndexedCompany[], filters: CompanyFilters): IndexedCompany[] =>
  companies.filter((company) => matches(company, filters));

type SortKey = number | string | null;

function sortKeyOf(company: IndexedCompany, field: string, hasQuery: boolean): SortKey {
  switch (field) {
    case 'relevance':
      if (hasQuery) throw new Error('relevance with a query has no reference order, only tiers');
      return company.dataQualityScore;
    case 'quality':
      return company.dataQualityScore;
    case 'employee_count':
      return company.employeeCount;
    case 'founded_year':
      return company.foundedYear;
    case 'name':
      return company.name.toLowerCase();
    default:
      throw new Error(`unknown sort ${field}`);
  }
}

const byId = (a: IndexedCompany, b: IndexedCompany) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The order of a sort: the key in the requested direction, missing keys last in both
 * directions, equal keys by company id ascending.
 */
export function referenceOrder(companies: IndexedCompany[], field: string, order: 'asc' | 'desc'): IndexedCompany[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...companies].sort((a, b) => {
    const [x, y] = [sortKeyOf(a, field, false), sortKeyOf(b, field, false)];
    if (x === null && y === null) return byId(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return byId(a, b);
  });
}

function topValues(counts: Map<string | number, number>): { value: string | number; count: number }[] {
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, 20);
}

function tally<T extends string | number>(values: (T | null)[]): Map<string | number, number> {
  const counts = new Map<string | number, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** decisions.md: four facets over the whole match set, count descending, at most 20 each. */
export function referenceAggregations(matchSet: IndexedCompany[]): Aggregations {
  return {
    industries: topValues(tally(matchSet.map((company) => company.industry))),
    countries: topValues(tally(matchSet.map((company) => company.country))),
    employee_count: topValues(tally(matchSet.map((company) => company.employeeCount))),
    technologies: topValues(tally(matchSet.flatMap((company) => [...new Set(company.technologies)]))),
  };
}
