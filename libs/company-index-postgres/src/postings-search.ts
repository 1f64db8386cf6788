import type { Pool } from 'pg';
import type { NormalizedFilters, PagePosition, SortOrder, SortSpec } from '@radar/company-index';
import { add, addPackedOrdinals, bitSetOf, everyOrdinal, forEachOrdinal, has, intersect, population, subtract, unite, type BitSet } from './bit-set';
import { CompanyColumns, loadCompanyColumns, MISSING } from './company-columns';
import { toFacetCounts, type FacetCounts, type FacetRow } from './facet-sql';
import { CURRENT_DATA_VERSION, CURRENT_DATA_VERSION_SQL } from './facet-summaries';
import { phraseTerm } from './keyword-terms';
import { numericOrderOf, queryLexemesSql, type KeyedRow, type NumericOrder } from './sort-sql';
import { SqlParams } from './sql-params';
import { freeTextQuerySql } from './text-query-sql';
import { parseTsQuery, type QueryNode } from './tsquery-text';

/** The filters the postings and the in-memory columns decide. */
const POSTINGS_FILTERS = new Set<keyof NormalizedFilters>([
  'query',
  'countries',
  'industries',
  'excludeIndustries',
  'employeeCounts',
  'foundedYearMin',
  'foundedYearMax',
  'technologies',
  'keywords',
  'excludeKeywords',
]);

const KEYWORD_POSTINGS_SQL = `
  SELECT s.data_version::text AS built, ${CURRENT_DATA_VERSION}::text AS current, p.term, p.ordinals
  FROM company_keyword_postings_state s
  LEFT JOIN company_keyword_postings p ON p.term = ANY($1::text[])`;

interface KeywordPostingsRow {
  built: string;
  current: string;
  term: string | null;
  ordinals: Buffer | null;
}

/**
 * The free-text query's tsquery (the match rule of filter-sql.ts) and the postings of each of
 * its lexemes, numbered in the order sort-sql.ts adds up their relevances.
 */
function textPostingsStatement(query: string): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const { tsquery, words } = freeTextQuerySql(query, params);
  const text = `
  WITH l AS (SELECT l.lexeme, l.n FROM unnest(${queryLexemesSql(words)}) WITH ORDINALITY AS l(lexeme, n))
  SELECT s.data_version::text AS built, ${CURRENT_DATA_VERSION}::text AS current, ${tsquery}::text AS query,
         l.lexeme, l.n::int AS n, p.ordinals, p.ranks
  FROM company_text_postings_state s
  LEFT JOIN (l LEFT JOIN company_text_postings p ON p.lexeme = l.lexeme) ON TRUE
  ORDER BY l.n`;
  return { text, values: params.values };
}

interface TextPostingsRow {
  built: string;
  current: string;
  query: string;
  lexeme: string | null;
  n: number | null;
  ordinals: Buffer | null;
  ranks: Buffer | null;
}

/** A lexeme's postings: ordinals and, element by element, the lexeme's relevance in each company. */
interface LexemePostings {
  ordinals: Buffer;
  ranks: Buffer;
}

/** Calls `visit` with each packed ordinal and the packed real at the same place of the ranks. */
function forEachRank(postings: LexemePostings, visit: (ordinal: number, rank: number) => void): void {
  const { ordinals, ranks } = postings;
  for (let offset = 0; offset + 4 <= ordinals.length; offset += 4) visit(ordinals.readUInt32BE(offset), ranks.readFloatBE(offset));
}

/** A match set this much smaller than the table is ranked by its own rows; a larger one along the precomputed order. */
const SPARSE_SHARE = 16;

/** A match set decided from the postings, over the columns of one data version. */
export class PostingsMatchSet {
  /** How many companies match. */
  readonly size: number;

  /** `relevance`: the postings of the free-text query's lexemes, in the order their relevances add up. */
  constructor(
    private readonly columns: CompanyColumns,
    private readonly matches: BitSet,
    private readonly relevance?: LexemePostings[],
  ) {
    this.size = population(matches);
  }

  /**
   * Total and every facet value (FacetCounts, as the SQL paths count them). A set holding most
   * companies is counted as every company minus the ones it leaves out.
   */
  counts(): FacetCounts {
    const { columns } = this;
    if (this.size <= columns.size / 2) return toFacetCounts(facetRows(columns, tally(columns, this.matches)));
    const leftOut = everyOrdinal(columns.size);
    subtract(leftOut, this.matches);
    const left = tally(columns, leftOut);
    return toFacetCounts(facetRows(columns, subtractTallies(everyCompanyTally(columns), left)));
  }

  /** How many of these companies (ids) are in the set. */
  countAmong(companyIds: string[]): number {
    let count = 0;
    for (const id of companyIds) {
      const ordinal = this.columns.ordinalOf(id);
      if (ordinal !== undefined && has(this.matches, ordinal)) count += 1;
    }
    return count;
  }

  /**
   * The first `count` rows after `after` (every row without it) in the sort, with their sort
   * keys; undefined for the name sort, which the columns do not hold.
   */
  rows(sort: SortSpec, count: number, after?: PagePosition): KeyedRow[] | undefined {
    if (sort.field === 'relevance' && sort.hasQuery && this.relevance) return this.rankedRows(this.relevance, sort.order, count, after);
    // Without query text, relevance is the quality order.
    const order = numericOrderOf(sort, false);
    if (!order) return undefined;
    const { columns } = this;
    const keyOf = numericKeys(columns, order);
    const firstOrdinalAfter = after === undefined ? 0 : columns.countUpTo(after.id);
    const afterKey = after === undefined ? -Infinity : order.keyOf(after.key === null ? null : Number(after.key));
    if (this.size * SPARSE_SHARE < columns.size) return this.best(keyOf, (ordinal) => keyOf(ordinal), count, afterKey, firstOrdinalAfter);
    // Dense: walk every company in sort order from the position; about count * (table / set) steps.
    const isAfter = (ordinal: number): boolean => {
      const key = keyOf(ordinal);
      return key > afterKey || (key === afterKey && ordinal >= firstOrdinalAfter);
    };
    const sorted = sortedOrder(columns, order, sort.order);
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isAfter(sorted[middle]!)) high = middle;
      else low = middle + 1;
    }
    const kept: KeyedRow[] = [];
    for (let index = low; index < sorted.length && kept.length < count; index += 1) {
      const ordinal = sorted[index]!;
      if (has(this.matches, ordinal)) kept.push({ id: columns.idOf(ordinal), key: keyOf(ordinal) });
    }
    return kept;
  }

  /** Rows by relevance: each match's score is the sum (as a real) of its lexemes' ranks, added in the lexemes' order as sort-sql.ts adds them. */
  private rankedRows(relevance: LexemePostings[], direction: SortOrder, count: number, after?: PagePosition): KeyedRow[] {
    const scores = new Float32Array(this.columns.size);
    for (const postings of relevance) {
      forEachRank(postings, (ordinal, rank) => {
        scores[ordinal] = scores[ordinal]! + rank;
      });
    }
    // Descending scores as ascending keys; the kept key is the score itself.
    const sign = direction === 'desc' ? -1 : 1;
    const afterKey = after === undefined ? -Infinity : sign * Math.fround(Number(after.key));
    const firstOrdinalAfter = after === undefined ? 0 : this.columns.countUpTo(after.id);
    return this.best((ordinal) => sign * scores[ordinal]!, (ordinal) => scores[ordinal]!, count, afterKey, firstOrdinalAfter);
  }

  /**
   * The `count` matches with the smallest (key, ordinal) after (afterKey, firstOrdinalAfter),
   * kept in order while the matches stream by in ascending ordinal (so a key equal to the last
   * kept one sorts after it).
   */
  private best(keyOf: (ordinal: number) => number, sortKeyOf: (ordinal: number) => number, count: number, afterKey: number, firstOrdinalAfter: number): KeyedRow[] {
    const keys: number[] = [];
    const kept: number[] = [];
    forEachOrdinal(this.matches, this.columns.size, (ordinal) => {
      const key = keyOf(ordinal);
      if (key < afterKey || (key === afterKey && ordinal < firstOrdinalAfter)) return;
      if (kept.length === count && key >= keys[count - 1]!) return;
      let slot = kept.length;
      while (slot > 0 && keys[slot - 1]! > key) slot -= 1;
      keys.splice(slot, 0, key);
      kept.splice(slot, 0, ordinal);
      if (kept.length > count) {
        keys.pop();
        kept.pop();
      }
    });
    return kept.map((ordinal) => ({ id: this.columns.idOf(ordinal), key: sortKeyOf(ordinal) }));
  }
}

/** The ascending sort key of each ordinal in a numeric order, as numericSort computes it in SQL. */
function numericKeys(columns: CompanyColumns, order: NumericOrder): (ordinal: number) => number {
  const values = order.column === 'data_quality_score' ? columns.quality : order.column === 'employee_count' ? columns.employeeCount : columns.foundedYear;
  return (ordinal) => {
    const value = values[ordinal]!;
    return order.keyOf(value === MISSING ? null : value);
  };
}

/** Every company in a numeric order, computed once per columns. */
const sortedOrder = (columns: CompanyColumns, order: NumericOrder, direction: SortOrder): Uint32Array =>
  columns.derived(`order:${order.column}:${direction}`, () => sortedOrdinals(columns.size, numericKeys(columns, order)));

/** The facets of every company, computed once per columns: a set holding most of them is counted as these minus the rest. */
const everyCompanyTally = (columns: CompanyColumns): Tally =>
  columns.derived('every-company-tally', () =>
    tally(columns, everyOrdinal(columns.size)),
  );

/** Computes what the first searches of a version would otherwise wait for: the facets of every company, the country and industry lists, each numeric order. */
function prepareDerived(columns: CompanyColumns): void {
  everyCompanyTally(columns);
  codeLists(columns, 'country');
  codeLists(columns, 'industry');
  for (const field of ['quality', 'employee_count', 'founded_year'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      const order = numericOrderOf({ field, order: direction, hasQuery: false }, false);
      if (order) sortedOrder(columns, order, direction);
    }
  }
}

/** Every ordinal below `size` ordered by (key, ordinal): a counting sort over the few distinct keys (scores, bands, years). */
function sortedOrdinals(size: number, keyOf: (ordinal: number) => number): Uint32Array {
  const keys = new Float64Array(size);
  const distinct = new Map<number, number>();
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    const key = keyOf(ordinal);
    keys[ordinal] = key;
    distinct.set(key, (distinct.get(key) ?? 0) + 1);
  }
  const starts = new Map<number, number>();
  let start = 0;
  for (const key of [...distinct.keys()].sort((a, b) => a - b)) {
    starts.set(key, start);
    start += distinct.get(key) ?? 0;
  }
  const sorted = new Uint32Array(size);
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    const key = keys[ordinal]!;
    const slot = starts.get(key) ?? 0;
    sorted[slot] = ordinal;
    starts.set(key, slot + 1);
  }
  return sorted;
}

/** Per-code counts of the four facets, and the total. */
interface Tally {
  total: number;
  countries: Uint32Array;
  industries: Uint32Array;
  bands: Uint32Array;
  technologies: Uint32Array;
}

const increment = (counts: Uint32Array, code: number): void => {
  counts[code] = counts[code]! + 1;
};

/** The facets of the companies in `set`: one pass over its words, the hottest loop of a search. */
function tally(columns: CompanyColumns, set: BitSet): Tally {
  // Sets never hold ordinals past the companies (everyOrdinal clears the tail of its last word).
  const { country, industry, employeeCountCode, technologyStart, technologyCodes } = columns;
  const countries = new Uint32Array(columns.countries.span);
  const industries = new Uint32Array(columns.industries.span);
  const bands = new Uint32Array(columns.employeeCounts.span);
  const technologies = new Uint32Array(columns.technologies.span);
  let total = 0;
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word]!;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const ordinal = word * 32 + 31 - Math.clz32(lowest);
      total += 1;
      increment(countries, country[ordinal]!);
      increment(industries, industry[ordinal]!);
      increment(bands, employeeCountCode[ordinal]!);
      const end = technologyStart[ordinal + 1]!;
      for (let t = technologyStart[ordinal]!; t < end; t += 1) increment(technologies, technologyCodes[t]!);
    }
  }
  return { total, countries, industries, bands, technologies };
}

function subtractTallies(whole: Tally, part: Tally): Tally {
  const minus = (a: Uint32Array, b: Uint32Array) => a.map((count, code) => count - b[code]!);
  return {
    total: whole.total - part.total,
    countries: minus(whole.countries, part.countries),
    industries: minus(whole.industries, part.industries),
    bands: minus(whole.bands, part.bands),
    technologies: minus(whole.technologies, part.technologies),
  };
}

/** The tally as the facet rows the SQL paths return (code 0, no value, is not counted). */
function facetRows(columns: CompanyColumns, counts: Tally): FacetRow[] {
  const rows: FacetRow[] = [{ facet: 'total', value: null, count: counts.total }];
  const facet = (name: string, perCode: Uint32Array, valueAt: (code: number) => string) => {
    for (let code = 1; code < perCode.length; code += 1) {
      const count = perCode[code]!;
      if (count > 0) rows.push({ facet: name, value: valueAt(code), count });
    }
  };
  facet('countries', counts.countries, (code) => columns.countries.valueAt(code));
  facet('industries', counts.industries, (code) => columns.industries.valueAt(code));
  facet('employee_count', counts.bands, (code) => String(columns.employeeCounts.valueAt(code)));
  facet('technologies', counts.technologies, (code) => columns.technologies.valueAt(code));
  return rows;
}

/**
 * Searches decided from the postings: keyword phrases (keywords, exclude_keywords), free-text
 * queries without phrases, and the country, industry, size, founded-year and technology
 * filters beside them. A phrase or a query word is one postings row; the matches are bit sets,
 * and their facets, pages and relevance come from an in-memory copy of the columns that filter,
 * facet and sort them, instead of from each matching company's heap page (docs/performance.md).
 *
 * Exact: the postings and the columns are used only when all were taken at the current data
 * version, checked in the statements that read the postings; otherwise `match` answers
 * undefined and the caller searches live. Columns of an older version are replaced in the
 * background on the first search that finds them stale.
 */
export class PostingsSearch {
  private columns: CompanyColumns | undefined;
  private loading: Promise<void> | undefined;
  /** Match sets being decided, by filters. */
  private readonly deciding = new Map<string, Promise<PostingsMatchSet | undefined>>();

  constructor(
    private readonly pool: Pool,
    private readonly onLoadError: (error: unknown) => void = () => undefined,
  ) {}

  /** True when the filters hold a query or keyword phrases (of up to three words) and nothing else the postings cannot decide. */
  handles(filters: NormalizedFilters): boolean {
    const phrases = [...(filters.keywords ?? []), ...(filters.excludeKeywords ?? [])];
    if ((phrases.length === 0 && filters.query === undefined) || phrases.some((phrase) => phraseTerm(phrase) === undefined)) return false;
    return Object.entries(filters).every(([name, value]) => value === undefined || POSTINGS_FILTERS.has(name as keyof NormalizedFilters));
  }

  /**
   * The match set of filters `handles`; undefined while the postings or the columns are not at
   * the current data version, and for a query with phrases (quoted or hyphenated words).
   */
  async match(filters: NormalizedFilters): Promise<PostingsMatchSet | undefined> {
    // Counts asks for the total and for the saved companies among the matches at once: one read serves both.
    const key = JSON.stringify(filters);
    const pending = this.deciding.get(key);
    if (pending) return pending;
    const deciding = this.decide(filters).finally(() => this.deciding.delete(key));
    this.deciding.set(key, deciding);
    return deciding;
  }

  private async decide(filters: NormalizedFilters): Promise<PostingsMatchSet | undefined> {
    const phrases = filters.keywords !== undefined || filters.excludeKeywords !== undefined;
    const [keywords, text] = await Promise.all([
      phrases ? this.keywordPostings(filters) : undefined,
      filters.query === undefined ? undefined : this.pool.query<TextPostingsRow>(textPostingsStatement(filters.query)).then((result) => result.rows),
    ]);
    const states = [keywords?.[0], text?.[0]].filter((state) => state !== undefined);
    const version = states[0]?.built;
    if (states.length === 0 || states.some((state) => state.built !== state.current || state.built !== version)) return undefined;
    const columns = this.columns;
    if (!columns || columns.version !== version) {
      this.loadInBackground();
      return undefined;
    }
    const matches = everyOrdinal(columns.size);
    if (keywords) intersectPhrases(columns, filters, keywords, matches);
    let relevance: LexemePostings[] | undefined;
    if (text) {
      const tree = parseTsQuery(text[0]?.query ?? '');
      if (!tree) return undefined;
      const postings = new Map(text.filter((row) => row.lexeme !== null && row.ordinals !== null).map((row) => [row.lexeme as string, { ordinals: row.ordinals as Buffer, ranks: row.ranks as Buffer }]));
      const found = evaluate(tree, postings, columns.size);
      intersect(matches, found);
      relevance = [...postings.values()];
    }
    keepColumnMatches(columns, filters, matches);
    return new PostingsMatchSet(columns, matches, relevance);
  }

  /** Reads the columns at the current version (after a refresh rebuilt the postings), unless they are at it already. */
  async load(): Promise<void> {
    this.loading ??= this.loadWhenStale().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async loadWhenStale(): Promise<void> {
    const { rows } = await this.pool.query<{ version: string }>(CURRENT_DATA_VERSION_SQL);
    if (this.columns !== undefined && this.columns.version === rows[0]?.version) return;
    const columns = await loadCompanyColumns(this.pool);
    if (!columns) return;
    prepareDerived(columns);
    this.columns = columns;
  }

  private loadInBackground(): void {
    if (this.loading) return;
    this.load().catch(this.onLoadError);
  }

  private async keywordPostings(filters: NormalizedFilters): Promise<KeywordPostingsRow[]> {
    const terms = [...(filters.keywords ?? []), ...(filters.excludeKeywords ?? [])].map(phraseTerm).filter((term) => typeof term === 'string');
    return (await this.pool.query<KeywordPostingsRow>(KEYWORD_POSTINGS_SQL, [[...new Set(terms)]])).rows;
  }
}

/** Keeps in `matches` the companies holding a keyword phrase (when there are keywords) and none of the excluded ones. */
function intersectPhrases(columns: CompanyColumns, filters: NormalizedFilters, rows: KeywordPostingsRow[], matches: BitSet): void {
  const postings = new Map(rows.filter((row) => row.term !== null).map((row) => [row.term as string, row.ordinals as Buffer]));
  const union = (phrases: string[]): BitSet => {
    const set = bitSetOf(columns.size);
    for (const phrase of phrases) {
      // A phrase without a word matches nothing.
      const binary = postings.get(phraseTerm(phrase) ?? '');
      if (binary) addPackedOrdinals(set, binary);
    }
    return set;
  };
  if (filters.keywords !== undefined) intersect(matches, union(filters.keywords));
  if (filters.excludeKeywords !== undefined) subtract(matches, union(filters.excludeKeywords));
}

/** The companies a query tree matches: a lexeme's postings, and set algebra for !, & and |. */
function evaluate(node: QueryNode, postings: Map<string, LexemePostings>, size: number): BitSet {
  switch (node.kind) {
    case 'lexeme': {
      const set = bitSetOf(size);
      const found = postings.get(node.lexeme);
      if (found) addPackedOrdinals(set, found.ordinals);
      return set;
    }
    case 'not': {
      const operand = evaluate(node.operand, postings, size);
      const all = everyOrdinal(size);
      subtract(all, operand);
      return all;
    }
    case 'and':
    case 'or': {
      const left = evaluate(node.left, postings, size);
      const right = evaluate(node.right, postings, size);
      if (node.kind === 'and') intersect(left, right);
      else unite(left, right);
      return left;
    }
  }
}

const maskOf = <Value extends string | number>(dictionary: { find(value: Value): number | undefined; span: number }, values: Value[]): Uint8Array => {
  const mask = new Uint8Array(dictionary.span);
  for (const value of values) {
    const code = dictionary.find(value);
    if (code !== undefined) mask[code] = 1;
  }
  return mask;
};


/** The companies of each dictionary code, in ordinal order: list `code` is ordinals[start[code] .. start[code + 1]). */
interface CodeLists {
  start: Uint32Array;
  ordinals: Uint32Array;
}

/** Lists of a one-value column (country, industry), built once per columns by a counting sort. */
function codeLists(columns: CompanyColumns, column: 'country' | 'industry'): CodeLists {
  return columns.derived(`lists:${column}`, () => {
    const codes = columns[column];
    const span = (column === 'country' ? columns.countries : columns.industries).span;
    const start = new Uint32Array(span + 1);
    for (let ordinal = 0; ordinal < columns.size; ordinal += 1) start[codes[ordinal]! + 1] = start[codes[ordinal]! + 1]! + 1;
    for (let code = 1; code <= span; code += 1) start[code] = start[code]! + start[code - 1]!;
    const next = start.slice(0, span);
    const ordinals = new Uint32Array(columns.size);
    for (let ordinal = 0; ordinal < columns.size; ordinal += 1) {
      const code = codes[ordinal]!;
      ordinals[next[code]!] = ordinal;
      next[code] = next[code]! + 1;
    }
    return { start, ordinals };
  });
}

/** Keeps in `matches` only the companies whose code is in `mask`, from the code lists (a country's companies, not every company). */
function keepListed(lists: CodeLists, mask: Uint8Array, matches: BitSet): void {
  const allowed = bitSetOf(matches.length * 32);
  for (let code = 1; code < mask.length; code += 1) {
    if (mask[code]! !== 1) continue;
    for (let index = lists.start[code]!; index < lists.start[code + 1]!; index += 1) add(allowed, lists.ordinals[index]!);
  }
  intersect(matches, allowed);
}

/** Clears from `matches` the companies failing the column filters, with the rules of filter-sql.ts. */
function keepColumnMatches(columns: CompanyColumns, filters: NormalizedFilters, matches: BitSet): void {
  // Countries and industries from their lists, the rest company by company.
  if (filters.countries) keepListed(codeLists(columns, 'country'), maskOf(columns.countries, filters.countries), matches);
  if (filters.industries) keepListed(codeLists(columns, 'industry'), maskOf(columns.industries, filters.industries), matches);
  const excludedIndustries = filters.excludeIndustries && maskOf(columns.industries, filters.excludeIndustries);
  const bands = filters.employeeCounts && maskOf(columns.employeeCounts, filters.employeeCounts);
  const technologies = filters.technologies && maskOf(columns.technologies, filters.technologies);
  const { foundedYearMin, foundedYearMax } = filters;
  const years = foundedYearMin !== undefined || foundedYearMax !== undefined;
  if (!excludedIndustries && !bands && !technologies && !years) return;
  const passes = (ordinal: number): boolean => {
    // A company without an industry is in no excluded industry (code 0 is never in the mask).
    if (excludedIndustries && excludedIndustries[columns.industry[ordinal]!]! === 1) return false;
    if (bands && bands[columns.employeeCountCode[ordinal]!]! !== 1) return false;
    if (years) {
      const year = columns.foundedYear[ordinal]!;
      if (year === MISSING || (foundedYearMin !== undefined && year < foundedYearMin) || (foundedYearMax !== undefined && year > foundedYearMax)) return false;
    }
    if (technologies) {
      const end = columns.technologyStart[ordinal + 1]!;
      for (let t = columns.technologyStart[ordinal]!; t < end; t += 1) if (technologies[columns.technologyCodes[t]!]! === 1) return true;
      return false;
    }
    return true;
  };
  for (let word = 0; word < matches.length; word += 1) {
    let bits = matches[word]!;
    let kept = bits;
    while (bits !== 0) {
      const lowest = bits & -bits;
      if (!passes(word * 32 + 31 - Math.clz32(lowest))) kept &= ~lowest;
      bits ^= lowest;
    }
    matches[word] = kept;
  }
}
