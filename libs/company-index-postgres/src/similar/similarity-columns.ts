import type { Pool } from 'pg';
import { naicsSectorOf, type SimilarityProfile } from '@radar/company-index';
import { CompanyIds } from '../company-ids';
import { CURRENT_DATA_VERSION } from '../facet-summaries';
import { readCompanySnapshot } from '../snapshot-read';
import { rebuildCharacteristicTerms } from './characteristic-terms-rebuild';

/** Companies read per round trip while loading. */
const LOAD_BATCH = 20_000;

/** Values coded 1..n in order of first appearance; 0 is no value. */
export class Codes {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      this.values.push(value);
      code = this.values.length;
      this.codes.set(value, code);
    }
    return code;
  }

  valueOf(code: number): string {
    return this.values[code - 1] as string;
  }

  get span(): number {
    return this.values.length + 1;
  }
}

type Row = [string, string | null, string | null, number | null, string | null, string[], string[] | null];

/** A growable list of codes with per-company start offsets. */
class CodeLists {
  readonly start: Uint32Array;
  codes = new Uint32Array(1024);

  constructor(size: number) {
    this.start = new Uint32Array(size + 1);
  }

  append(ordinal: number, codes: number[]): void {
    let end = this.start[ordinal] ?? 0;
    if (end + codes.length > this.codes.length) {
      const grown = new Uint32Array(Math.max(this.codes.length * 2, end + codes.length));
      grown.set(this.codes);
      this.codes = grown;
    }
    for (const code of codes) this.codes[end++] = code;
    this.start[ordinal + 1] = end;
  }

  of(ordinal: number): number[] {
    return Array.from(this.codes.subarray(this.start[ordinal], this.start[ordinal + 1]));
  }
}

/**
 * What the similarity rule reads of every company, in memory and coded, at one data version:
 * position i is the company of ordinal i (id order). About 150 bytes a company, most of it the
 * 25 characteristic terms.
 */
export class SimilarityColumns {
  readonly industries = new Codes();
  readonly sectors = new Codes();
  readonly bands = new Codes();
  readonly countries = new Codes();
  readonly technologies = new Codes();
  readonly terms = new Codes();
  readonly ids: CompanyIds;
  readonly industry: Uint32Array;
  readonly sector: Uint32Array;
  readonly band: Uint32Array;
  readonly country: Uint32Array;
  readonly technologyLists: CodeLists;
  readonly termLists: CodeLists;
  private filled = 0;

  constructor(
    readonly version: string,
    readonly size: number,
  ) {
    this.ids = new CompanyIds(size);
    this.industry = new Uint32Array(size);
    this.sector = new Uint32Array(size);
    this.band = new Uint32Array(size);
    this.country = new Uint32Array(size);
    this.technologyLists = new CodeLists(size);
    this.termLists = new CodeLists(size);
  }

  append([id, industry, naicsCode, employeeCount, country, technologies, terms]: Row): void {
    const i = this.filled;
    if (i >= this.size) throw new Error('more companies read than counted in the same snapshot');
    this.ids.set(i, id);
    const sector = naicsSectorOf(naicsCode);
    this.industry[i] = industry === null ? 0 : this.industries.code(industry);
    this.sector[i] = sector === null ? 0 : this.sectors.code(sector);
    this.band[i] = employeeCount === null ? 0 : this.bands.code(String(employeeCount));
    this.country[i] = country === null ? 0 : this.countries.code(country);
    this.technologyLists.append(i, [...new Set(technologies)].map((technology) => this.technologies.code(technology)));
    this.termLists.append(i, [...new Set(terms ?? [])].map((term) => this.terms.code(term)));
    this.filled += 1;
  }

  get complete(): boolean {
    return this.filled === this.size;
  }

  /** The company of an ordinal as the rule reads it, in codes (0 read as missing). */
  profileOf(ordinal: number): SimilarityProfile<number> {
    const orNull = (code: number | undefined) => (code === undefined || code === 0 ? null : code);
    return {
      industry: orNull(this.industry[ordinal]),
      naicsSector: orNull(this.sector[ordinal]),
      terms: this.termLists.of(ordinal),
      technologies: this.technologyLists.of(ordinal),
      employeeBand: orNull(this.band[ordinal]),
      country: orNull(this.country[ordinal]),
    };
  }

  idOf(ordinal: number): string {
    return this.ids.idOf(ordinal);
  }

  ordinalOf(id: string): number | undefined {
    return this.ids.ordinalOf(id);
  }
}

/**
 * Reads the columns in one REPEATABLE READ snapshot whose characteristic terms are at its data
 * version; rebuilds the terms first when they are not (a load or a write since), and tries
 * again if a write lands in between.
 */
export async function loadSimilarityColumns(pool: Pool): Promise<SimilarityColumns> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await rebuildCharacteristicTerms(pool);
    const columns = await readColumns(pool);
    if (columns) return columns;
  }
  throw new Error('the company data kept changing while the similarity columns were loaded');
}

function readColumns(pool: Pool): Promise<SimilarityColumns | undefined> {
  return readCompanySnapshot(
    pool,
    {
      usableSql: `(SELECT data_version FROM company_characteristic_terms_state) = ${CURRENT_DATA_VERSION}`,
      rowsSql: `SELECT c.id, c.industry, c.naics_code, c.employee_count, c.country, c.technologies, t.terms
                FROM companies c LEFT JOIN company_characteristic_terms t ON t.company_id = c.id ORDER BY c.id`,
      batch: LOAD_BATCH,
    },
    (version, companies) => new SimilarityColumns(version, companies),
  );
}
