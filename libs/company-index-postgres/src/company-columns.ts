import type { Pool } from 'pg';
import { CompanyIds } from './company-ids';
import { CURRENT_DATA_VERSION } from './facet-summaries';
import { readCompanySnapshot } from './snapshot-read';

/** Stands for a missing number in an Int32Array column (no stored year or band is this low). */
export const MISSING = -2_147_483_648;
/** Companies read per round trip while loading. */
const LOAD_BATCH = 20_000;
/** Dictionary codes are 16-bit; a column with more distinct values is not kept in memory. */
const MAX_DICTIONARY_SIZE = 65_535;

/** Distinct values of a column, coded 1..n in order of first appearance (0: no value). */
export class Dictionary<Value extends string | number> {
  readonly values: Value[] = [];
  private readonly codes = new Map<Value, number>();

  code(value: Value): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      if (this.values.length >= MAX_DICTIONARY_SIZE) throw new Error('too many distinct values for a 16-bit dictionary');
      this.values.push(value);
      code = this.values.length;
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a value that occurs; undefined for one that does not. */
  find(value: Value): number | undefined {
    return this.codes.get(value);
  }

  /** 1 + the largest code: the length of an array indexed by code. */
  get span(): number {
    return this.values.length + 1;
  }

  valueAt(code: number): Value {
    return this.values[code - 1] as Value;
  }
}

/** id, country, industry, employee_count, founded_year, data_quality_score, technologies (rows as arrays: a million objects fewer to collect). */
type ColumnRow = [string, string | null, string | null, number | null, number | null, number, string[]];

/**
 * The columns that filter, facet and sort a postings match set, for every company, in memory:
 * position i holds the company of ordinal i (its place in id order) at data version `version`,
 * the numbering of the postings built at the same version. About 45 bytes a company
 * (45 MB at 1M companies).
 */
export class CompanyColumns {
  readonly countries = new Dictionary<string>();
  readonly industries = new Dictionary<string>();
  readonly employeeCounts = new Dictionary<number>();
  readonly technologies = new Dictionary<string>();
  readonly ids: CompanyIds;
  readonly country: Uint16Array;
  readonly industry: Uint16Array;
  /** Dictionary code of the stored band (0: none). */
  readonly employeeCountCode: Uint16Array;
  /** Stored band and founded year; MISSING when absent. */
  readonly employeeCount: Int32Array;
  readonly foundedYear: Int32Array;
  readonly quality: Uint8Array;
  /** The technology codes of company i are technologyCodes[technologyStart[i] .. technologyStart[i + 1]). */
  readonly technologyStart: Uint32Array;
  technologyCodes: Uint16Array;
  private filled = 0;
  private readonly derivations = new Map<string, unknown>();

  constructor(
    readonly version: string,
    readonly size: number,
  ) {
    this.ids = new CompanyIds(size);
    this.country = new Uint16Array(size);
    this.industry = new Uint16Array(size);
    this.employeeCountCode = new Uint16Array(size);
    this.employeeCount = new Int32Array(size);
    this.foundedYear = new Int32Array(size);
    this.quality = new Uint8Array(size);
    this.technologyStart = new Uint32Array(size + 1);
    this.technologyCodes = new Uint16Array(Math.max(16, size * 8));
  }

  /** Appends the next company (ordinal = companies appended before it). */
  append([id, country, industry, employeeCount, foundedYear, quality, technologies]: ColumnRow): void {
    const i = this.filled;
    if (i >= this.size) throw new Error('more companies read than counted in the same snapshot');
    this.ids.set(i, id);
    this.country[i] = country === null ? 0 : this.countries.code(country);
    this.industry[i] = industry === null ? 0 : this.industries.code(industry);
    this.employeeCountCode[i] = employeeCount === null ? 0 : this.employeeCounts.code(employeeCount);
    this.employeeCount[i] = employeeCount ?? MISSING;
    this.foundedYear[i] = foundedYear ?? MISSING;
    this.quality[i] = quality;
    let end = this.technologyStart[i] ?? 0;
    if (end + technologies.length > this.technologyCodes.length) {
      const grown = new Uint16Array(Math.max(this.technologyCodes.length * 2, end + technologies.length));
      grown.set(this.technologyCodes);
      this.technologyCodes = grown;
    }
    for (const technology of technologies) this.technologyCodes[end++] = this.technologies.code(technology);
    this.technologyStart[i + 1] = end;
    this.filled += 1;
  }

  get complete(): boolean {
    return this.filled === this.size;
  }

  /** Something computed from the columns once (a sort order, the facets of every company), kept with them. */
  derived<T>(name: string, compute: () => T): T {
    if (!this.derivations.has(name)) this.derivations.set(name, compute());
    return this.derivations.get(name) as T;
  }

  /** The ordinal of a company id; undefined for an id no company has. */
  ordinalOf(id: string): number | undefined {
    return this.ids.ordinalOf(id);
  }

  /** The id of ordinal i, as PostgreSQL prints a uuid. */
  idOf(ordinal: number): string {
    return this.ids.idOf(ordinal);
  }

  /** How many companies have an id at or below `id`. */
  countUpTo(id: string): number {
    return this.ids.countUpTo(id);
  }
}

/**
 * Reads the columns of every company in one REPEATABLE READ snapshot, when postings (keyword or
 * free-text) were built at the snapshot's data version (their ordinals then number the same
 * rows in the same order); undefined otherwise.
 */
export function loadCompanyColumns(pool: Pool): Promise<CompanyColumns | undefined> {
  return readCompanySnapshot(
    pool,
    {
      usableSql: `${CURRENT_DATA_VERSION} IN ((SELECT data_version FROM company_keyword_postings_state), (SELECT data_version FROM company_text_postings_state))`,
      rowsSql: `SELECT c.id, c.country, c.industry, c.employee_count, c.founded_year, c.data_quality_score, c.technologies
                FROM companies c ORDER BY c.id`,
      batch: LOAD_BATCH,
    },
    (version, companies) => new CompanyColumns(version, companies),
  );
}
