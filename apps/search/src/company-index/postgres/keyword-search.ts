import type { Pool } from 'pg';
import type { NormalizedFilters, PagePosition, SortSpec } from '../company-index';
import { CompanyColumns, loadCompanyColumns, MISSING } from './company-columns';
import { toFacetCounts, type FacetCounts, type FacetRow } from './facet-sql';
import { CURRENT_DATA_VERSION } from './facet-summaries';
import { phraseTerm } from './keyword-terms';
import { numericOrderOf } from './sort-sql';

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
const increment = (counts: Uint32Array, code: number): void => {
  counts[code] = at(counts, code) + 1;
};

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

/** A keyword match set decided in memory: its ordinals in id order over the columns it was decided on. */
export class KeywordMatchSet {
  constructor(
    private readonly columns: CompanyColumns,
    readonly ordinals: Uint32Array,
  ) {}

  /** Total and every facet value (FacetCounts, as the SQL paths count them). */
  counts(): FacetCounts {
    const { columns, ordinals } = this;
    const countries = new Uint32Array(columns.countries.span);
    const industries = new Uint32Array(columns.industries.span);
    const bands = new Uint32Array(columns.employeeCounts.span);
    const technologies = new Uint32Array(columns.technologies.span);
    for (const ordinal of ordinals) {
      increment(countries, at(columns.country, ordinal));
      increment(industries, at(columns.industry, ordinal));
      increment(bands, at(columns.employeeCountCode, ordinal));
      const end = at(columns.technologyStart, ordinal + 1);
      for (let t = at(columns.technologyStart, ordinal); t < end; t += 1) increment(technologies, at(columns.technologyCodes, t));
    }
    const rows: FacetRow[] = [{ facet: 'total', value: null, count: ordinals.length }];
    const facet = (name: string, counts: Uint32Array, valueOf: (code: number) => string) => {
      for (let code = 1; code < counts.length; code += 1) {
        const count = at(counts, code);
        if (count > 0) rows.push({ facet: name, value: valueOf(code), count });
      }
    };
    facet('countries', countries, (code) => columns.countries.valueOf(code));
    facet('industries', industries, (code) => columns.industries.valueOf(code));
    facet('employee_count', bands, (code) => String(columns.employeeCounts.valueOf(code)));
    facet('technologies', technologies, (code) => columns.technologies.valueOf(code));
    return toFacetCounts(rows);
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
    const values = order.column === 'data_quality_score' ? columns.quality : order.column === 'employee_count' ? columns.employeeCount : columns.foundedYear;
    const keyOf = (ordinal: number): number => {
      const value = at(values, ordinal);
      return order.keyOf(value === MISSING ? null : value);
    };
    // Rows after the position: a greater key, or the same key and a greater id.
    const afterKey = after === undefined ? -Infinity : order.keyOf(after.key === null ? null : Number(after.key));
    const firstOrdinalAfter = after === undefined ? 0 : columns.countUpTo(after.id);
    const keys: number[] = [];
    const kept: number[] = [];
    for (const ordinal of this.ordinals) {
      const key = keyOf(ordinal);
      if (key < afterKey || (key === afterKey && ordinal < firstOrdinalAfter)) continue;
      // Ordinals arrive ascending, so a key equal to the last kept one sorts after it.
      if (kept.length === count && key >= at(keys, count - 1)) continue;
      let slot = kept.length;
      while (slot > 0 && at(keys, slot - 1) > key) slot -= 1;
      keys.splice(slot, 0, key);
      kept.splice(slot, 0, ordinal);
      if (kept.length > count) {
        keys.pop();
        kept.pop();
      }
    }
    return kept.map((ordinal, index) => ({ id: columns.idOf(ordinal), key: at(keys, index) }));
  }
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
    const keywordSet = filters.keywords === undefined ? undefined : union(included);
    const excludedSet = excluded.length === 0 ? undefined : union(excluded);
    return new KeywordMatchSet(columns, matchingOrdinals(columns, filters, keywordSet, excludedSet));
  }

  /** Reads the columns at the current version (after a refresh rebuilt the postings). */
  async load(): Promise<void> {
    this.loading ??= loadCompanyColumns(this.pool)
      .then((columns) => {
        if (columns) this.columns = columns;
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

/**
 * The ordinals, ascending, of the companies matching the filters: in `keywordSet` (every
 * company without keywords), not in `excludedSet`, and passing the column filters with the
 * rules of filter-sql.ts.
 */
function matchingOrdinals(columns: CompanyColumns, filters: NormalizedFilters, keywordSet?: BitSet, excludedSet?: BitSet): Uint32Array {
  const countries = filters.countries && maskOf(columns.countries, filters.countries);
  const industries = filters.industries && maskOf(columns.industries, filters.industries);
  const excludedIndustries = filters.excludeIndustries && maskOf(columns.industries, filters.excludeIndustries);
  const bands = filters.employeeCounts && maskOf(columns.employeeCounts, filters.employeeCounts);
  const technologies = filters.technologies && maskOf(columns.technologies, filters.technologies);
  const { foundedYearMin, foundedYearMax } = filters;
  const matches: number[] = [];
  const consider = (ordinal: number): void => {
    if (excludedSet && has(excludedSet, ordinal)) return;
    if (countries && at(countries, at(columns.country, ordinal)) !== 1) return;
    if (industries && at(industries, at(columns.industry, ordinal)) !== 1) return;
    // A company without an industry is in no excluded industry (code 0 is never in the mask).
    if (excludedIndustries && at(excludedIndustries, at(columns.industry, ordinal)) === 1) return;
    if (bands && at(bands, at(columns.employeeCountCode, ordinal)) !== 1) return;
    if (foundedYearMin !== undefined || foundedYearMax !== undefined) {
      const year = at(columns.foundedYear, ordinal);
      if (year === MISSING || (foundedYearMin !== undefined && year < foundedYearMin) || (foundedYearMax !== undefined && year > foundedYearMax)) return;
    }
    if (technologies) {
      let found = false;
      const end = at(columns.technologyStart, ordinal + 1);
      for (let t = at(columns.technologyStart, ordinal); t < end && !found; t += 1) found = at(technologies, at(columns.technologyCodes, t)) === 1;
      if (!found) return;
    }
    matches.push(ordinal);
  };
  if (keywordSet) {
    for (let word = 0; word < keywordSet.length; word += 1) {
      let bits = at(keywordSet, word);
      while (bits !== 0) {
        const bit = 31 - Math.clz32(bits & -bits);
        consider(word * 32 + bit);
        bits &= bits - 1;
      }
    }
  } else {
    for (let ordinal = 0; ordinal < columns.size; ordinal += 1) consider(ordinal);
  }
  return Uint32Array.from(matches);
}
