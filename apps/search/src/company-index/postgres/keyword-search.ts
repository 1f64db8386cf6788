import type { Pool } from 'pg';
import type { NormalizedFilters, PagePosition, SortOrder, SortSpec } from '../company-index';
import { CompanyColumns, loadCompanyColumns, MISSING } from './company-columns';
import { toFacetCounts, type FacetCounts, type FacetRow } from './facet-sql';
import { CURRENT_DATA_VERSION } from './facet-summaries';
import { phraseTerm } from './keyword-terms';
import { numericOrderOf, type NumericOrder } from './sort-sql';

/** The filters the in-memory columns can decide besides the phrases themselves. */
const COLUMN_FILTERS = new Set<keyof NormalizedFilters>([
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

const POSTINGS_SQL = `
  SELECT s.data_version::text AS built, ${CURRENT_DATA_VERSION}::text AS current, p.term, array_send(p.ordinals) AS ordinals
  FROM company_keyword_postings_state s
  LEFT JOIN company_keyword_postings p ON p.term = ANY($1::text[])`;

interface PostingsRow {
  built: string;
  current: string;
  term: string | null;
  ordinals: Buffer | null;
}

/** A bit per company: bit i set when ordinal i is in the set. */
type BitSet = Uint32Array;

const bitSetOf = (size: number): BitSet => new Uint32Array(Math.ceil(size / 32));
/** Element i of a typed array whose length the caller has checked (the columns and the sets are sized to the companies). */
const at = (array: ArrayLike<number>, index: number): number => array[index] as number;
const has = (set: BitSet, ordinal: number): boolean => (at(set, ordinal >>> 5) & (1 << (ordinal & 31))) !== 0;
const add = (set: BitSet, ordinal: number): void => {
  set[ordinal >>> 5] = at(set, ordinal >>> 5) | (1 << (ordinal & 31));
};
const remove = (set: BitSet, ordinal: number): void => {
  set[ordinal >>> 5] = at(set, ordinal >>> 5) & ~(1 << (ordinal & 31));
};

/** Calls `visit` with every ordinal of the set, ascending; `inverted` visits the ordinals below `size` that are not in it. */
function forEachOrdinal(set: BitSet, size: number, visit: (ordinal: number) => void, inverted = false): void {
  for (let word = 0; word < set.length; word += 1) {
    let bits = inverted ? ~at(set, word) : at(set, word);
    while (bits !== 0) {
      const ordinal = word * 32 + 31 - Math.clz32(bits & -bits);
      if (ordinal >= size) return;
      visit(ordinal);
      bits &= bits - 1;
    }
  }
}

function population(set: BitSet): number {
  let count = 0;
  for (let word = 0; word < set.length; word += 1) {
    let bits = at(set, word);
    while (bits !== 0) {
      bits &= bits - 1;
      count += 1;
    }
  }
  return count;
}

/**
 * Sets the bits of the ordinals in PostgreSQL's binary form of an int4[] (array_send): a
 * header of dimensions, flags and element type, one (size, lower bound) pair per dimension,
 * then each element as its byte length and a big-endian int4.
 */
export function addBinaryOrdinals(set: BitSet, binary: Buffer): void {
  const dimensions = binary.readInt32BE(0);
  if (dimensions === 0) return;
  const count = binary.readInt32BE(12);
  let offset = 12 + 8 * dimensions;
  for (let n = 0; n < count; n += 1) {
    add(set, binary.readInt32BE(offset + 4));
    offset += 8;
  }
}

/** A row of a page: its id and its (ascending) sort key, as the SQL page would select it. */
export interface KeptRow {
  id: string;
  key: number;
}

/** A match set this much smaller than the table is ranked by its own rows; a larger one along the precomputed order. */
const SPARSE_SHARE = 16;

/** A keyword match set decided in memory over the columns of one data version. */
export class KeywordMatchSet {
  /** How many companies match. */
  readonly size: number;

  constructor(
    private readonly columns: CompanyColumns,
    private readonly matches: BitSet,
  ) {
    this.size = population(matches);
  }

  /**
   * Total and every facet value (FacetCounts, as the SQL paths count them). A set holding most
   * companies is counted as every company minus the ones it leaves out.
   */
  counts(): FacetCounts {
    const { columns } = this;
    if (this.size <= columns.size / 2) return toFacetCounts(facetRows(columns, tally(columns, (visit) => forEachOrdinal(this.matches, columns.size, visit))));
    const left = tally(columns, (visit) => forEachOrdinal(this.matches, columns.size, visit, true));
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
   * The first `count` rows after `after` in a numeric sort (key ascending, then id), with their
   * keys; undefined for the sorts the columns do not hold (name, relevance with a query).
   */
  rows(sort: SortSpec, count: number, after?: PagePosition): KeptRow[] | undefined {
    // Keyword match sets have no query text (KeywordSearch.handles).
    const order = numericOrderOf(sort, false);
    if (!order) return undefined;
    const { columns } = this;
    const keyOf = numericKeys(columns, order);
    // Rows after the position: a greater key, or the same key and a greater id.
    const afterKey = after === undefined ? -Infinity : order.keyOf(after.key === null ? null : Number(after.key));
    const firstOrdinalAfter = after === undefined ? 0 : columns.countUpTo(after.id);
    const isAfter = (key: number, ordinal: number): boolean => key > afterKey || (key === afterKey && ordinal >= firstOrdinalAfter);
    const kept: number[] = [];
    if (this.size * SPARSE_SHARE >= columns.size) {
      // Dense: walk every company in sort order from the position; about count * (table / set) steps.
      const sorted = sortedOrder(columns, order, sort.order);
      let low = 0;
      let high = sorted.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const ordinal = at(sorted, middle);
        if (isAfter(keyOf(ordinal), ordinal)) high = middle;
        else low = middle + 1;
      }
      for (let index = low; index < sorted.length && kept.length < count; index += 1) {
        const ordinal = at(sorted, index);
        if (has(this.matches, ordinal)) kept.push(ordinal);
      }
    } else {
      // Sparse: the best `count` of the matches, kept in order while they stream by ascending ordinal.
      const keys: number[] = [];
      forEachOrdinal(this.matches, columns.size, (ordinal) => {
        const key = keyOf(ordinal);
        if (!isAfter(key, ordinal)) return;
        // Ordinals arrive ascending, so a key equal to the last kept one sorts after it.
        if (kept.length === count && key >= at(keys, count - 1)) return;
        let slot = kept.length;
        while (slot > 0 && at(keys, slot - 1) > key) slot -= 1;
        keys.splice(slot, 0, key);
        kept.splice(slot, 0, ordinal);
        if (kept.length > count) {
          keys.pop();
          kept.pop();
        }
      });
    }
    return kept.map((ordinal) => ({ id: columns.idOf(ordinal), key: keyOf(ordinal) }));
  }
}

/** The ascending sort key of each ordinal in a numeric order, as numericSort computes it in SQL. */
function numericKeys(columns: CompanyColumns, order: NumericOrder): (ordinal: number) => number {
  const values = order.column === 'data_quality_score' ? columns.quality : order.column === 'employee_count' ? columns.employeeCount : columns.foundedYear;
  return (ordinal) => {
    const value = at(values, ordinal);
    return order.keyOf(value === MISSING ? null : value);
  };
}

/** Every company in a numeric order, computed once per columns. */
const sortedOrder = (columns: CompanyColumns, order: NumericOrder, direction: SortOrder): Uint32Array =>
  columns.derived(`order:${order.column}:${direction}`, () => sortedOrdinals(columns.size, numericKeys(columns, order)));

/** The facets of every company, computed once per columns: a set holding most of them is counted as these minus the rest. */
const everyCompanyTally = (columns: CompanyColumns): Tally =>
  columns.derived('every-company-tally', () =>
    tally(columns, (visit) => {
      for (let ordinal = 0; ordinal < columns.size; ordinal += 1) visit(ordinal);
    }),
  );

/** Computes what the first searches of a version would otherwise wait for: the facets of every company and each numeric order. */
function prepareDerived(columns: CompanyColumns): void {
  everyCompanyTally(columns);
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
    const key = at(keys, ordinal);
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
  counts[code] = at(counts, code) + 1;
};

function tally(columns: CompanyColumns, each: (visit: (ordinal: number) => void) => void): Tally {
  const result: Tally = {
    total: 0,
    countries: new Uint32Array(columns.countries.span),
    industries: new Uint32Array(columns.industries.span),
    bands: new Uint32Array(columns.employeeCounts.span),
    technologies: new Uint32Array(columns.technologies.span),
  };
  each((ordinal) => {
    result.total += 1;
    increment(result.countries, at(columns.country, ordinal));
    increment(result.industries, at(columns.industry, ordinal));
    increment(result.bands, at(columns.employeeCountCode, ordinal));
    const end = at(columns.technologyStart, ordinal + 1);
    for (let t = at(columns.technologyStart, ordinal); t < end; t += 1) increment(result.technologies, at(columns.technologyCodes, t));
  });
  return result;
}

function subtractTallies(whole: Tally, part: Tally): Tally {
  const minus = (a: Uint32Array, b: Uint32Array) => a.map((count, code) => count - at(b, code));
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
  const facet = (name: string, perCode: Uint32Array, valueOf: (code: number) => string) => {
    for (let code = 1; code < perCode.length; code += 1) {
      const count = at(perCode, code);
      if (count > 0) rows.push({ facet: name, value: valueOf(code), count });
    }
  };
  facet('countries', counts.countries, (code) => columns.countries.valueOf(code));
  facet('industries', counts.industries, (code) => columns.industries.valueOf(code));
  facet('employee_count', counts.bands, (code) => String(columns.employeeCounts.valueOf(code)));
  facet('technologies', counts.technologies, (code) => columns.technologies.valueOf(code));
  return rows;
}

/**
 * Keyword searches (keywords and exclude_keywords, with country, industry, size, founded-year
 * and technology filters beside them) decided from the keyword postings and an in-memory copy
 * of the columns that filter, facet and sort them: a phrase is one postings row, and counting
 * its matches no longer reads each matching company's heap page (docs/performance.md).
 *
 * Exact: the postings and the columns are used only when both were taken at the current data
 * version, checked in the statement that reads the postings; otherwise `match` answers
 * undefined and the caller counts live. Columns of an older version are replaced in the
 * background on the first search that finds them stale.
 */
export class KeywordSearch {
  private columns: CompanyColumns | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly onLoadError: (error: unknown) => void = () => undefined,
  ) {}

  /** True when the filters hold keyword phrases (of up to three words) and nothing the columns cannot decide. */
  handles(filters: NormalizedFilters): boolean {
    const phrases = [...(filters.keywords ?? []), ...(filters.excludeKeywords ?? [])];
    if (phrases.length === 0 || phrases.some((phrase) => phraseTerm(phrase) === undefined)) return false;
    return Object.entries(filters).every(([name, value]) => value === undefined || COLUMN_FILTERS.has(name as keyof NormalizedFilters));
  }

  /** The match set of filters `handles`; undefined while the postings or the columns are not at the current data version. */
  async match(filters: NormalizedFilters): Promise<KeywordMatchSet | undefined> {
    const included = (filters.keywords ?? []).map(phraseTerm).filter((term): term is string => typeof term === 'string');
    const excluded = (filters.excludeKeywords ?? []).map(phraseTerm).filter((term): term is string => typeof term === 'string');
    const { rows } = await this.pool.query<PostingsRow>(POSTINGS_SQL, [[...new Set([...included, ...excluded])]]);
    const state = rows[0];
    if (!state || state.built !== state.current) return undefined;
    const columns = this.columns;
    if (!columns || columns.version !== state.built) {
      this.loadInBackground();
      return undefined;
    }
    const postings = new Map(rows.filter((row) => row.term !== null).map((row) => [row.term as string, row.ordinals as Buffer]));
    const union = (terms: string[]): BitSet => {
      const set = bitSetOf(columns.size);
      for (const term of terms) {
        const binary = postings.get(term);
        if (binary) addBinaryOrdinals(set, binary);
      }
      return set;
    };
    const matches = filters.keywords === undefined ? everyCompany(columns.size) : union(included);
    if (excluded.length > 0) {
      const excludedSet = union(excluded);
      for (let word = 0; word < matches.length; word += 1) matches[word] = at(matches, word) & ~at(excludedSet, word);
    }
    keepColumnMatches(columns, filters, matches);
    return new KeywordMatchSet(columns, matches);
  }

  /** Reads the columns at the current version (after a refresh rebuilt the postings). */
  async load(): Promise<void> {
    this.loading ??= loadCompanyColumns(this.pool)
      .then((columns) => {
        if (!columns) return;
        prepareDerived(columns);
        this.columns = columns;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  private loadInBackground(): void {
    if (this.loading) return;
    this.load().catch(this.onLoadError);
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

/** Every ordinal below `size`. */
function everyCompany(size: number): BitSet {
  const set = bitSetOf(size).fill(0xffffffff);
  for (let ordinal = size; ordinal < set.length * 32; ordinal += 1) remove(set, ordinal);
  return set;
}

/** Clears from `matches` the companies failing the column filters, with the rules of filter-sql.ts. */
function keepColumnMatches(columns: CompanyColumns, filters: NormalizedFilters, matches: BitSet): void {
  const countries = filters.countries && maskOf(columns.countries, filters.countries);
  const industries = filters.industries && maskOf(columns.industries, filters.industries);
  const excludedIndustries = filters.excludeIndustries && maskOf(columns.industries, filters.excludeIndustries);
  const bands = filters.employeeCounts && maskOf(columns.employeeCounts, filters.employeeCounts);
  const technologies = filters.technologies && maskOf(columns.technologies, filters.technologies);
  const { foundedYearMin, foundedYearMax } = filters;
  const years = foundedYearMin !== undefined || foundedYearMax !== undefined;
  if (!countries && !industries && !excludedIndustries && !bands && !technologies && !years) return;
  forEachOrdinal(matches, columns.size, (ordinal) => {
    const passes = (): boolean => {
      if (countries && at(countries, at(columns.country, ordinal)) !== 1) return false;
      if (industries && at(industries, at(columns.industry, ordinal)) !== 1) return false;
      // A company without an industry is in no excluded industry (code 0 is never in the mask).
      if (excludedIndustries && at(excludedIndustries, at(columns.industry, ordinal)) === 1) return false;
      if (bands && at(bands, at(columns.employeeCountCode, ordinal)) !== 1) return false;
      if (years) {
        const year = at(columns.foundedYear, ordinal);
        if (year === MISSING || (foundedYearMin !== undefined && year < foundedYearMin) || (foundedYearMax !== undefined && year > foundedYearMax)) return false;
      }
      if (technologies) {
        const end = at(columns.technologyStart, ordinal + 1);
        for (let t = at(columns.technologyStart, ordinal); t < end; t += 1) if (at(technologies, at(columns.technologyCodes, t)) === 1) return true;
        return false;
      }
      return true;
    };
    if (!passes()) remove(matches, ordinal);
  });
}
