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

/** Per code, the positions (slots, once laid out) of the companies whose list holds it, ascending. */
export interface CodePostings {
  start: Uint32Array;
  slots: Uint32Array;
}

/**
 * Companies grouped by their values of the rule's equalities (industry, sector, band, country):
 * group g holds those four codes and the slots start[g] to start[g + 1] - 1. Every company of a
 * group has the same base score for any seeds.
 */
export interface ProfileGroups {
  count: number;
  industry: Uint32Array;
  sector: Uint32Array;
  band: Uint32Array;
  country: Uint32Array;
  start: Uint32Array;
}

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

  /** The same codes turned around: per code, the companies holding it. */
  postings(span: number, companies: number): CodePostings {
    const start = new Uint32Array(span + 1);
    const end = this.start[companies] ?? 0;
    for (let at = 0; at < end; at += 1) {
      const code = this.codes[at] ?? 0;
      start[code + 1] = (start[code + 1] ?? 0) + 1;
    }
    for (let code = 1; code <= span; code += 1) start[code] = (start[code] ?? 0) + (start[code - 1] ?? 0);
    const next = start.slice(0, span);
    const slots = new Uint32Array(end);
    for (let ordinal = 0; ordinal < companies; ordinal += 1) {
      for (let at = this.start[ordinal] ?? 0; at < (this.start[ordinal + 1] ?? 0); at += 1) {
        const code = this.codes[at] ?? 0;
        slots[next[code] ?? 0] = ordinal;
        next[code] = (next[code] ?? 0) + 1;
      }
    }
    return { start, slots };
  }

  /** The same lists in another order: position i of the result holds the list of `from[i]`. */
  reordered(from: Uint32Array): CodeLists {
    const lists = new CodeLists(from.length);
    lists.codes = new Uint32Array(this.start[from.length] ?? 0);
    let end = 0;
    from.forEach((source, position) => {
      for (let at = this.start[source] ?? 0; at < (this.start[source + 1] ?? 0); at += 1) lists.codes[end++] = this.codes[at] ?? 0;
      lists.start[position + 1] = end;
    });
    return lists;
  }
}

/**
 * What the similarity rule reads of every company, in memory and coded, at one data version.
 * Companies are appended in id order (ordinal i is the i-th id); once the last is in, every
 * per-company array is laid out by slot instead: companies grouped by the rule's equalities,
 * in id order within a group, so a walk over a group reads memory in order. `slotOf` and
 * `ordinalAt` translate. About 250 bytes a company, most of it the 25 characteristic terms,
 * held per company and per term.
 */
export class SimilarityColumns {
  readonly industries = new Codes();
  readonly sectors = new Codes();
  readonly bands = new Codes();
  readonly countries = new Codes();
  readonly technologies = new Codes();
  readonly terms = new Codes();
  readonly ids: CompanyIds;
  /** Per slot once complete (per ordinal while appending). */
  industry: Uint32Array;
  sector: Uint32Array;
  band: Uint32Array;
  country: Uint32Array;
  technologyLists: CodeLists;
  termLists: CodeLists;
  /** Ordinal to slot, and slot to ordinal (filled once complete). */
  slotOf = new Uint32Array(0);
  ordinalAt = new Uint32Array(0);
  private groups: ProfileGroups | undefined;
  private filled = 0;
  private termPostingsBuilt: CodePostings | undefined;

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
    if (this.complete) this.layOutByGroup();
  }

  /** Per term code, the slots of the companies whose characteristic terms hold it (built on first use). */
  get termPostings(): CodePostings {
    this.termPostingsBuilt ??= this.termLists.postings(this.terms.span, this.filled);
    return this.termPostingsBuilt;
  }

  /** The companies grouped by their equality values (once complete). */
  get profileGroups(): ProfileGroups {
    if (this.groups === undefined) throw new Error('the similarity columns are not complete');
    return this.groups;
  }

  private layOutByGroup(): void {
    const groupOf = new Uint32Array(this.size);
    const groupOfKey = new Map<number, number>();
    const [sectors, bands, countries] = [this.sectors.span, this.bands.span, this.countries.span];
    const firsts: number[] = [];
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      const key = (((this.industry[ordinal] ?? 0) * sectors + (this.sector[ordinal] ?? 0)) * bands + (this.band[ordinal] ?? 0)) * countries + (this.country[ordinal] ?? 0);
      let group = groupOfKey.get(key);
      if (group === undefined) {
        group = firsts.length;
        groupOfKey.set(key, group);
        firsts.push(ordinal);
      }
      groupOf[ordinal] = group;
    }
    const count = firsts.length;
    const start = new Uint32Array(count + 1);
    for (const group of groupOf) start[group + 1] = (start[group + 1] ?? 0) + 1;
    for (let group = 1; group <= count; group += 1) start[group] = (start[group] ?? 0) + (start[group - 1] ?? 0);
    const next = start.slice(0, count);
    this.ordinalAt = new Uint32Array(this.size);
    this.slotOf = new Uint32Array(this.size);
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      const group = groupOf[ordinal] ?? 0;
      const slot = next[group] ?? 0;
      this.ordinalAt[slot] = ordinal;
      this.slotOf[ordinal] = slot;
      next[group] = slot + 1;
    }
    const ofGroups = (codes: Uint32Array) => Uint32Array.from(firsts, (ordinal) => codes[ordinal] ?? 0);
    this.groups = { count, industry: ofGroups(this.industry), sector: ofGroups(this.sector), band: ofGroups(this.band), country: ofGroups(this.country), start };
    const bySlot = (codes: Uint32Array) => Uint32Array.from(this.ordinalAt, (ordinal) => codes[ordinal] ?? 0);
    this.industry = bySlot(this.industry);
    this.sector = bySlot(this.sector);
    this.band = bySlot(this.band);
    this.country = bySlot(this.country);
    this.technologyLists = this.technologyLists.reordered(this.ordinalAt);
    this.termLists = this.termLists.reordered(this.ordinalAt);
  }

  get complete(): boolean {
    return this.filled === this.size;
  }

  /** The company in a slot as the rule reads it, in codes (0 read as missing). */
  profileOf(slot: number): SimilarityProfile<number> {
    const orNull = (code: number | undefined) => (code === undefined || code === 0 ? null : code);
    return {
      industry: orNull(this.industry[slot]),
      naicsSector: orNull(this.sector[slot]),
      terms: this.termLists.of(slot),
      technologies: this.technologyLists.of(slot),
      employeeBand: orNull(this.band[slot]),
      country: orNull(this.country[slot]),
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
    if (columns) {
      void columns.termPostings; // built now rather than by the first request
      return columns;
    }
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
