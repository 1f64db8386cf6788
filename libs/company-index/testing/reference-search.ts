import { parseLookupDomain, type Aggregations, type CompanyFilters } from '@radar/contracts';
import type { IndexedCompany } from '../src/company-index';
import { SYNONYM_GROUPS } from '../src/query-synonyms';

/**
 * The expected answers of the conformance suite, computed from the records in plain
 * JavaScript straight from interface.md, decisions.md and docs/api.md. Deliberately shares no
 * code with the service (only the synonym list, which is data): a rule misread in the service
 * is not misread here the same way.
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

/** "dentists" of "dentist", "charities" of "charity". */
const isPluralOf = (plural: string, single: string): boolean =>
  plural === `${single}s` || plural === `${single}es` || (single.endsWith('y') && plural === `${single.slice(0, -1)}ies`);

/** Two words English stemming takes for one: the same word, or one the plural of the other. */
const sameWord = (a: string, b: string): boolean => a === b || isPluralOf(a, b) || isPluralOf(b, a);

/**
 * What a query of plain words requires (docs/api.md): each word, or each run of words that is an
 * entry of a synonym group (the longest first; a query word stands for an entry word when it is
 * that word or its plural), and a requirement is met by any of its alternatives: the words as
 * written or any entry of the group, each alternative by all of its words.
 */
export function queryRequirements(query: string): string[][][] {
  const words = wordsOf(query);
  const entries = SYNONYM_GROUPS.flatMap((group) => group.map((entry) => ({ words: wordsOf(entry), group })));
  const requirements: string[][][] = [];
  let at = 0;
  while (at < words.length) {
    const fits = entries.filter(
      (entry) =>
        at + entry.words.length <= words.length &&
        entry.words.every((word, offset) => words[at + offset] === word || isPluralOf(words[at + offset] as string, word)),
    );
    const longest = fits.sort((a, b) => b.words.length - a.words.length)[0];
    if (longest === undefined) {
      requirements.push([[words[at] as string]]);
      at += 1;
    } else {
      requirements.push([words.slice(at, at + longest.words.length), ...longest.group.map(wordsOf)]);
      at += longest.words.length;
    }
  }
  return requirements;
}

/**
 * Every requirement of the query has an alternative whose words all occur in the searched
 * fields (a word counts in its plural too, as stemming makes it; tests pick words that
 * stemming otherwise leaves alone). Plain words only: queryMatches reads the operators.
 */
function wordsMatch(company: IndexedCompany, query: string): boolean {
  const present = queryFieldWords(company).flat();
  const holds = (word: string) => present.some((other) => sameWord(other, word));
  return queryRequirements(query).every((alternatives) => alternatives.some((alternative) => alternative.every(holds)));
}

/**
 * PostgreSQL's English stop words among those the suite's queries use (the suite checks each
 * against PostgreSQL's own dictionary): PostgreSQL drops them from a query, and so must every
 * back-end.
 */
export const QUERY_STOP_WORDS: readonly string[] = ['a', 'about', 'and', 'of', 'or', 'the', 'we'];

/** A phrase's words in order; null stands for a stop word, which still takes its place. */
type Phrase = (string | null)[];

/** One side of an `or`: words that must all be found, phrases that must all occur, and what must not. */
interface QueryBranch {
  words: string[];
  phrases: Phrase[];
  excludedWords: string[];
  excludedPhrases: Phrase[];
}

const phraseOf = (text: string): Phrase => {
  const words: Phrase = wordsOf(text).map((word) => (QUERY_STOP_WORDS.includes(word) ? null : word));
  // Stop words at either end constrain nothing.
  while (words[0] === null) words.shift();
  while (words.length > 0 && words[words.length - 1] === null) words.pop();
  return words;
};

/**
 * A free-text query as PostgreSQL's websearch syntax reads it: `"quoted text"` is a phrase,
 * `-` excludes the word or phrase it precedes, `or` between two terms separates branches, and
 * the terms of a branch all hold (`a or b c` is a, or b and c: AND before OR). Stop words are
 * dropped, and a branch left with no term is dropped with its `or`; a query with no branch
 * left matches nothing.
 */
export function queryBranches(query: string): QueryBranch[] {
  const tokens = query.match(/-?"[^"]*"|\S+/g) ?? [];
  const branches: QueryBranch[] = [{ words: [], phrases: [], excludedWords: [], excludedPhrases: [] }];
  tokens.forEach((token, index) => {
    const branch = branches[branches.length - 1] as QueryBranch;
    if (token.toLowerCase() === 'or' && index > 0 && index < tokens.length - 1) {
      branches.push({ words: [], phrases: [], excludedWords: [], excludedPhrases: [] });
      return;
    }
    const excluded = token.startsWith('-');
    const body = excluded ? token.slice(1) : token;
    if (body.startsWith('"')) {
      const phrase = phraseOf(body);
      if (phrase.length > 0) (excluded ? branch.excludedPhrases : branch.phrases).push(phrase);
      return;
    }
    const words = wordsOf(body).filter((word) => !QUERY_STOP_WORDS.includes(word));
    (excluded ? branch.excludedWords : branch.words).push(...words);
  });
  return branches.filter((branch) => branch.words.length + branch.phrases.length + branch.excludedWords.length + branch.excludedPhrases.length > 0);
}

/** The phrase's words, in order and next to each other, in one field (a stop word takes any word's place). */
function holdsPhrase(company: IndexedCompany, phrase: Phrase): boolean {
  return queryFieldWords(company).some((field) =>
    field.some((_, start) => start + phrase.length <= field.length && phrase.every((word, offset) => word === null || field[start + offset] === word)),
  );
}

const holdsWord = (company: IndexedCompany, word: string): boolean => queryFieldWords(company).some((field) => field.includes(word));

/** Whether a company is in the match set of a free-text query. */
export function queryMatches(company: IndexedCompany, query: string): boolean {
  return queryBranches(query).some(
    (branch) =>
      (branch.words.length === 0 || wordsMatch(company, branch.words.join(' '))) &&
      branch.phrases.every((phrase) => holdsPhrase(company, phrase)) &&
      !branch.excludedWords.some((word) => holdsWord(company, word)) &&
      !branch.excludedPhrases.some((phrase) => holdsPhrase(company, phrase)),
  );
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
  if (filters.domains !== undefined && !domainsMatch(filters.domains, company)) return false;
  return connectionsMatch(filters, company);
}

/** The domains filter: an own or other domain equal to an entry's exact host or its registrable domain. */
function domainsMatch(entries: string[], company: IndexedCompany): boolean {
  const wanted = new Set(entries.flatMap((entry) => {
    const parsed = parseLookupDomain(entry);
    return parsed ? [parsed.host, parsed.registrable] : [];
  }));
  return [company.domain, ...company.otherDomains].some((domain) => wanted.has(domain));
}

export const matchSetOf = (companies: IndexedCompany[], filters: CompanyFilters): IndexedCompany[] =>
  companies.filter((company) => matches(company, filters));

type SortKey = number | string | null;

/**
 * The name sort's key: the name lower-cased code point by code point, as PostgreSQL's lower()
 * does in a UTF-8 database (and Lucene's lowercase filter): each character by its own mapping,
 * "İ" to "i" and "Σ" to "σ" wherever it stands (JavaScript's toLowerCase of the whole name
 * would write "i̇" and a final "ς").
 */
const nameKey = (name: string): string => Array.from(name, (char) => String.fromCodePoint(char.toLowerCase().codePointAt(0) as number)).join('');

/** Names compare by code point (their UTF-8 bytes), as PostgreSQL's "C" collation and Elasticsearch's keyword sort do; JavaScript's < compares UTF-16 units. */
const compareKeys = (x: string | number, y: string | number): number =>
  typeof x === 'string' && typeof y === 'string' ? Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8')) : x < y ? -1 : x > y ? 1 : 0;

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
      return nameKey(company.name);
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
    if (x !== y) return compareKeys(x, y) * sign;
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
