import { jaccardHundredths, NAME_CANDIDATE_MIN, nameWords } from './name-words';

/** A company as the name index holds it. */
export interface NamedCompany {
  id: string;
  name: string;
  country: string | null;
}

/** A company whose name reaches the candidate similarity. */
export interface NameCandidate {
  companyId: string;
  /** Hundredths (50 to 100). */
  similarity: number;
}

/** The name of a lookup entry, narrowed to a country when one is given. */
export interface NameQuery {
  name: string;
  country?: string;
}

/** What an index finds for a name: its candidates (in no order), or that no company is in its country (an invalid entry). */
export type NameMatches = { knownCountry: true; candidates: NameCandidate[] } | { knownCountry: false };

/**
 * Normalised name words to the companies whose names hold them, built once per data version:
 * a name lookup counts, for each company sharing a word with the name, how many words it
 * shares, and keeps those whose Jaccard index reaches NAME_CANDIDATE_MIN. Reads the postings of
 * the name's few words only, never every company. About 12 bytes per company plus the words.
 */
export class NameIndex {
  private readonly ids: string[] = [];
  private readonly wordCounts: number[] = [];
  private readonly countryCodes: number[] = [];
  private readonly countryCodeOf = new Map<string, number>();
  private readonly postings = new Map<string, number[]>();
  /** How many words of the name each company shares; reset after each lookup. */
  private shared = new Uint8Array(0);

  constructor(readonly version: string) {}

  add(company: NamedCompany): void {
    const ordinal = this.ids.length;
    const words = nameWords(company.name);
    this.ids.push(company.id);
    this.wordCounts.push(words.length);
    this.countryCodes.push(company.country === null ? 0 : this.countryCode(company.country));
    for (const word of words) {
      const list = this.postings.get(word);
      if (list) list.push(ordinal);
      else this.postings.set(word, [ordinal]);
    }
  }

  /** Whether any company is in this country (an unknown country is an invalid lookup). */
  hasCountry(country: string): boolean {
    return this.countryCodeOf.has(country);
  }

  /** The candidates of a name, or that its country is unknown. */
  match(query: NameQuery): NameMatches {
    if (query.country !== undefined && !this.hasCountry(query.country)) return { knownCountry: false };
    return { knownCountry: true, candidates: this.candidates(query.name, query.country) };
  }

  /** Companies (within `country` when given) whose name similarity to `name` is at least NAME_CANDIDATE_MIN, in no order. */
  candidates(name: string, country?: string): NameCandidate[] {
    const words = nameWords(name);
    const countryCode = country === undefined ? undefined : this.countryCodeOf.get(country);
    if (words.length === 0 || (country !== undefined && countryCode === undefined)) return [];
    if (this.shared.length < this.ids.length) this.shared = new Uint8Array(this.ids.length);
    const touched: number[] = [];
    for (const word of words) {
      for (const ordinal of this.postings.get(word) ?? []) {
        if (this.shared[ordinal] === 0) touched.push(ordinal);
        this.shared[ordinal] = (this.shared[ordinal] ?? 0) + 1;
      }
    }
    const found: NameCandidate[] = [];
    for (const ordinal of touched) {
      const similarity = jaccardHundredths(this.shared[ordinal] ?? 0, words.length, this.wordCounts[ordinal] ?? 0);
      this.shared[ordinal] = 0;
      if (similarity >= NAME_CANDIDATE_MIN && (countryCode === undefined || this.countryCodes[ordinal] === countryCode)) {
        found.push({ companyId: this.ids[ordinal] as string, similarity });
      }
    }
    return found;
  }

  private countryCode(country: string): number {
    let code = this.countryCodeOf.get(country);
    if (code === undefined) {
      code = this.countryCodeOf.size + 1;
      this.countryCodeOf.set(country, code);
    }
    return code;
  }
}
