import type { Pool } from 'pg';
import { CURRENT_DATA_VERSION } from './facet-summaries';

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
  /** 16 bytes per company, in ordinal (= id) order. */
  readonly ids: Buffer;
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
    this.ids = Buffer.alloc(size * 16);
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
    this.ids.write(id.replaceAll('-', ''), i * 16, 16, 'hex');
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
    const ordinal = this.countUpTo(id) - 1;
    return ordinal >= 0 && this.idOf(ordinal) === id.toLowerCase() ? ordinal : undefined;
  }

  /** The id of ordinal i, as PostgreSQL prints a uuid. */
  idOf(ordinal: number): string {
    const hex = this.ids.toString('hex', ordinal * 16, ordinal * 16 + 16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** How many companies have an id at or below `id` (uuids compare as their bytes, as in PostgreSQL). */
  countUpTo(id: string): number {
    const target = Buffer.from(id.replaceAll('-', ''), 'hex');
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      // ids[middle] compared with the target: at or below it, the answer lies above middle.
      if (this.ids.compare(target, 0, 16, middle * 16, middle * 16 + 16) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * Reads the columns of every company in one REPEATABLE READ snapshot, when postings (keyword or
 * free-text) were built at the snapshot's data version (their ordinals then number the same
 * rows in the same order); undefined otherwise.
 */
export async function loadCompanyColumns(pool: Pool): Promise<CompanyColumns | undefined> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL statement_timeout = 0');
    const { rows } = await client.query<{ current: string; companies: number; postings: boolean }>(
      `SELECT ${CURRENT_DATA_VERSION}::text AS current, (SELECT count(*)::int FROM companies) AS companies,
              ${CURRENT_DATA_VERSION} IN ((SELECT data_version FROM company_keyword_postings_state), (SELECT data_version FROM company_text_postings_state)) AS postings`,
    );
    const state = rows[0];
    if (!state?.postings) {
      await client.query('ROLLBACK');
      return undefined;
    }
    const columns = new CompanyColumns(state.current, state.companies);
    await client.query(
      `DECLARE company_columns NO SCROLL CURSOR FOR
       SELECT c.id, c.country, c.industry, c.employee_count, c.founded_year, c.data_quality_score, c.technologies
       FROM companies c ORDER BY c.id`,
    );
    for (;;) {
      const batch = await client.query<ColumnRow>({ text: `FETCH ${LOAD_BATCH} FROM company_columns`, rowMode: 'array' });
      if (batch.rows.length === 0) break;
      for (const row of batch.rows) columns.append(row);
    }
    await client.query('ROLLBACK');
    if (!columns.complete) throw new Error('fewer companies read than counted in the same snapshot');
    return columns;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
