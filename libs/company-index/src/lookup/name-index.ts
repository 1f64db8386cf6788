import { LOOKUP_MAX_CANDIDATES } from '@radar/contracts';
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

/** A company found for a name: ordinals follow id order, so they break ties as ids do. */
interface Found {
  ordinal: number;
  similarity: number;
}

const ranksBefore = (a: Found, b: Found): boolean => a.similarity > b.similarity || (a.similarity === b.similarity && a.ordinal < b.ordinal);

/** Adds a company to `best` (best first, ties by ordinal) when it ranks among the first `limit`. */
function keepBest(best: Found[], found: Found, limit: number): void {
  if (best.length >= limit && !ranksBefore(found, best[best.length - 1] as Found)) return;
  let at = best.length;
  while (at > 0 && ranksBefore(found, best[at - 1] as Found)) at -= 1;
  best.splice(at, 0, found);
  if (best.length > limit) best.pop();
}

/**
 * The fewest words a name of `nameSize` words and a company name of `companySize` words must
 * share to reach NAME_CANDIDATE_MIN: Math.round(100 s / (q + c - s)) >= 50 holds exactly when
 * 299 s >= 99 (q + c).
 */
const fewestShared = (nameSize: number, companySize: number): number => Math.max(1, Math.ceil((99 * (nameSize + companySize)) / 299));

/**
 * Normalised name words to the companies whose names hold them, built once per data version,
 * each word's companies ordered by how many words their names have. A candidate of a given size
 * must share a known number of the name's words, so it holds one of the name's rarest words:
 * only those words' companies of the sizes that can reach NAME_CANDIDATE_MIN are read and
 * checked, never every company holding a common word.
 */
export class NameIndex {
  private readonly ids: string[] = [];
  private readonly countryCodes: number[] = [];
  private readonly countryCodeOf = new Map<string, number>();
  private readonly wordIdOf = new Map<string, number>();
  /** Every company's word ids, one after another; a company's run starts at wordStart[ordinal]. */
  private readonly words: number[] = [];
  private readonly wordStart: number[] = [0];
  /** Per word id, the ordinals of the companies holding it. */
  private readonly postings: number[][] = [];
  private longestName = 0;
  private ordered = true;
  /** Companies already checked during one lookup; reset after it. */
  private checked = new Uint8Array(0);

  constructor(readonly version: string) {}

  /** Companies are added in id order (ordinals then break ties as ids do). */
  add(company: NamedCompany): void {
    const ordinal = this.ids.length;
    const previous = this.ids[ordinal - 1];
    if (previous !== undefined && !(previous < company.id)) throw new Error(`companies are added in id order: ${company.id} came after ${previous}`);
    const words = nameWords(company.name);
    this.ids.push(company.id);
    this.countryCodes.push(company.country === null ? 0 : this.countryCode(company.country));
    for (const word of words) {
      let id = this.wordIdOf.get(word);
      if (id === undefined) {
        id = this.postings.length;
        this.wordIdOf.set(word, id);
        this.postings.push([]);
      }
      this.words.push(id);
      this.postings[id]?.push(ordinal);
    }
    this.wordStart.push(this.words.length);
    this.longestName = Math.max(this.longestName, words.length);
    this.ordered = false;
  }

  /** Whether any company is in this country (an unknown country is an invalid lookup). */
  hasCountry(country: string): boolean {
    return this.countryCodeOf.has(country);
  }

  /** The best candidates of a name (all a decision reads), or that its country is unknown. */
  match(query: NameQuery): NameMatches {
    if (query.country !== undefined && !this.hasCountry(query.country)) return { knownCountry: false };
    return { knownCountry: true, candidates: this.candidates(query.name, query.country, LOOKUP_MAX_CANDIDATES) };
  }

  /**
   * The best `limit` companies (within `country` when given) whose name similarity to `name` is
   * at least NAME_CANDIDATE_MIN, best first, ties by id. Company names are read by size, the
   * sizes that can be most similar first, until no size left can beat the last one kept.
   */
  candidates(name: string, country?: string, limit = Infinity): NameCandidate[] {
    const words = nameWords(name);
    const countryCode = country === undefined ? undefined : this.countryCodeOf.get(country);
    if (words.length === 0 || (country !== undefined && countryCode === undefined) || limit < 1) return [];
    this.orderBySize();
    if (this.checked.length < this.ids.length) this.checked = new Uint8Array(this.ids.length);
    const nameIds = words.map((word) => this.wordIdOf.get(word) ?? -1);
    const rarestFirst = [...nameIds].sort((a, b) => (this.postings[a]?.length ?? 0) - (this.postings[b]?.length ?? 0));
    const mostSimilarOfSize = (size: number) => jaccardHundredths(Math.min(words.length, size), words.length, size);
    const sizes = Array.from({ length: this.longestName }, (_, i) => i + 1)
      .filter((size) => fewestShared(words.length, size) <= Math.min(words.length, size))
      .sort((a, b) => mostSimilarOfSize(b) - mostSimilarOfSize(a) || a - b);
    const best: Found[] = [];
    const touched: number[] = [];
    for (const size of sizes) {
      const most = mostSimilarOfSize(size);
      if (best.length >= limit && most < (best[best.length - 1]?.similarity ?? 0)) break;
      // A company sharing `needed` of the name's words holds one of any (words - needed + 1) of them.
      for (const wordId of rarestFirst.slice(0, words.length - fewestShared(words.length, size) + 1)) {
        const list = this.postings[wordId];
        if (list === undefined) continue;
        for (let at = this.firstOfSize(list, size); at < list.length && this.sizeOf(list[at] ?? 0) === size; at += 1) {
          const ordinal = list[at] ?? 0;
          const last = best.length >= limit ? best[best.length - 1] : undefined;
          // Later companies of this size come later in id order and can at most tie the last one kept.
          if (last !== undefined && most <= last.similarity && ordinal > last.ordinal) break;
          if (this.checked[ordinal] === 1) continue;
          this.checked[ordinal] = 1;
          touched.push(ordinal);
          if (countryCode !== undefined && this.countryCodes[ordinal] !== countryCode) continue;
          const similarity = jaccardHundredths(this.sharedWith(ordinal, nameIds), words.length, size);
          if (similarity >= NAME_CANDIDATE_MIN) keepBest(best, { ordinal, similarity }, limit);
        }
      }
    }
    for (const ordinal of touched) this.checked[ordinal] = 0;
    return best.map(({ ordinal, similarity }) => ({ companyId: this.ids[ordinal] as string, similarity }));
  }

  private sizeOf(ordinal: number): number {
    return (this.wordStart[ordinal + 1] ?? 0) - (this.wordStart[ordinal] ?? 0);
  }

  private sharedWith(ordinal: number, nameIds: readonly number[]): number {
    let shared = 0;
    for (let at = this.wordStart[ordinal] ?? 0; at < (this.wordStart[ordinal + 1] ?? 0); at += 1) if (nameIds.includes(this.words[at] ?? -1)) shared += 1;
    return shared;
  }

  /** The first place in a word's companies (ordered by size) holding a company of at least `size` words. */
  private firstOfSize(list: readonly number[], size: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sizeOf(list[middle] ?? 0) < size) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private orderBySize(): void {
    if (this.ordered) return;
    for (const list of this.postings) list.sort((a, b) => this.sizeOf(a) - this.sizeOf(b) || a - b);
    this.ordered = true;
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
