import { SIMILARITY_WEIGHTS } from '@radar/company-index';
import type { SimilarityColumns } from './similarity-columns';

// Read once: an imported binding can be a getter under CommonJS interop, too slow for the loops below.
const WEIGHTS = { ...SIMILARITY_WEIGHTS };
/** Seeds are told apart by one bit of a 32-bit mask. */
const MAX_SEEDS = 32;
/**
 * Margin of every limit: the four-decimal rounding lifts a score by at most half of this, and
 * a limit's sums are taken in another order than the exact score's.
 */
export const BOUND_MARGIN = 0.0001;
/** Groups are visited by base score in bins of a thousandth, the highest first. */
const BINS = 1_000;
/** Postings entries read per request to count (term, seed) pairs per company. */
const COUNTED_POSTINGS_BUDGET = 1_000_000;

type CodeLists = { start: Uint32Array; codes: Uint32Array };

const sizeOf = (lists: CodeLists, slot: number): number => (lists.start[slot + 1] ?? 0) - (lists.start[slot] ?? 0);

const jaccardOfCounts = (shared: number, size: number, seedSize: number): number => (size === 0 || seedSize === 0 ? 0 : shared / (size + seedSize - shared));

/** For each code, what the seeds holding it add to a company's mean score. */
function weightsByCode(codes: Uint32Array, span: number, seeds: readonly number[], weight: number): Float64Array {
  const table = new Float64Array(span);
  for (const seed of seeds) {
    const code = codes[seed] ?? 0;
    if (code !== 0) table[code] = (table[code] ?? 0) + weight / seeds.length;
  }
  return table;
}

/** One bit per seed holding each code of a company's list (terms or technologies). */
function seedMasks(lists: CodeLists, span: number, seeds: readonly number[]): Uint32Array {
  const masks = new Uint32Array(span);
  seeds.forEach((seed, bit) => {
    for (let at = lists.start[seed] ?? 0; at < (lists.start[seed + 1] ?? 0); at += 1) {
      const code = lists.codes[at] ?? 0;
      masks[code] = (masks[code] ?? 0) | (1 << bit);
    }
  });
  return masks;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/**
 * The similarity rule over the coded columns for one set of seeds (companies named by their
 * slot in the columns), without allocating per company. `score` gives exactly what
 * `similarityTo` gives (the same sums in the same order); `bound` is an upper limit of it that
 * costs less. The limit rests on one inequality: a Jaccard
 * index is at most the shared count over the larger set, so summed over the seeds, a list's
 * part is at most the (code, seed) pairs it shares over the larger of its size and the
 * smallest seed's.
 */
export class SeedScorer {
  private readonly industry: Float64Array;
  private readonly sector: Float64Array;
  private readonly band: Float64Array;
  private readonly country: Float64Array;
  private readonly termMasks: Uint32Array;
  private readonly technologyMasks: Uint32Array;
  /** Per code, how many seeds hold it. */
  private readonly termHolders: Uint8Array;
  private readonly technologyHolders: Uint8Array;
  private readonly seedTermCounts: Int32Array;
  private readonly seedTechnologyCounts: Int32Array;
  private readonly fewestSeedTerms: number;
  private readonly fewestSeedTechnologies: number;
  private readonly sharedTerms: Int32Array;
  private readonly sharedTechnologies: Int32Array;
  /** Per company, the (term, seed) pairs it shares through the terms counted. */
  private readonly termPairs: Uint16Array;
  /** Pairs of the commonest seed terms, not counted per company but assumed of each. */
  private assumedTermPairs = 0;

  /** `countedPostingsBudget`: postings entries read to count term pairs per company (tests lower it). */
  constructor(
    private readonly columns: SimilarityColumns,
    private readonly seeds: readonly number[],
    countedPostingsBudget = COUNTED_POSTINGS_BUDGET,
  ) {
    if (seeds.length === 0 || seeds.length > MAX_SEEDS) throw new RangeError(`1 to ${MAX_SEEDS} seeds, got ${seeds.length}`);
    this.industry = weightsByCode(columns.industry, columns.industries.span, seeds, WEIGHTS.industry);
    this.sector = weightsByCode(columns.sector, columns.sectors.span, seeds, WEIGHTS.naicsSector);
    this.band = weightsByCode(columns.band, columns.bands.span, seeds, WEIGHTS.employeeBand);
    this.country = weightsByCode(columns.country, columns.countries.span, seeds, WEIGHTS.country);
    this.termMasks = seedMasks(columns.termLists, columns.terms.span, seeds);
    this.technologyMasks = seedMasks(columns.technologyLists, columns.technologies.span, seeds);
    this.termHolders = Uint8Array.from(this.termMasks, bitCount);
    this.technologyHolders = Uint8Array.from(this.technologyMasks, bitCount);
    this.seedTermCounts = Int32Array.from(seeds, (seed) => sizeOf(columns.termLists, seed));
    this.seedTechnologyCounts = Int32Array.from(seeds, (seed) => sizeOf(columns.technologyLists, seed));
    this.fewestSeedTerms = Math.max(1, Math.min(...this.seedTermCounts));
    this.fewestSeedTechnologies = Math.max(1, Math.min(...this.seedTechnologyCounts));
    this.sharedTerms = new Int32Array(seeds.length);
    this.sharedTechnologies = new Int32Array(seeds.length);
    this.termPairs = new Uint16Array(columns.size);
    // The seeds' terms, rarest first, counted per company through their postings until the budget
    // is spent; the commonest are assumed of every company instead (a looser, still upper, limit).
    const postings = columns.termPostings;
    const lengthOf = (code: number) => (postings.start[code + 1] ?? 0) - (postings.start[code] ?? 0);
    const held = [...new Set(seeds.flatMap((seed) => columns.termLists.of(seed)))].sort((a, b) => lengthOf(a) - lengthOf(b));
    let spent = 0;
    for (const code of held) {
      const holders = this.termHolders[code] ?? 0;
      spent += lengthOf(code);
      if (spent > countedPostingsBudget) {
        this.assumedTermPairs += holders;
        continue;
      }
      for (let at = postings.start[code] ?? 0; at < (postings.start[code + 1] ?? 0); at += 1) {
        const slot = postings.slots[at] ?? 0;
        this.termPairs[slot] = (this.termPairs[slot] ?? 0) + holders;
      }
    }
  }

  /** The mean over the seeds of the parts that are equalities (industry, sector, band, country). */
  base(slot: number): number {
    const { columns } = this;
    return this.baseOf(columns.industry[slot] ?? 0, columns.sector[slot] ?? 0, columns.band[slot] ?? 0, columns.country[slot] ?? 0);
  }

  /** At least the similarity: the base plus the term and technology parts limited by the pairs the company's lists share. */
  bound(slot: number): number {
    const { termLists, technologyLists } = this.columns;
    return (
      this.base(slot) +
      WEIGHTS.terms * this.pairLimit(termLists, this.termHolders, this.fewestSeedTerms, slot) +
      WEIGHTS.technologies * this.pairLimit(technologyLists, this.technologyHolders, this.fewestSeedTechnologies, slot) +
      BOUND_MARGIN
    );
  }

  /**
   * Calls `visit` with every company whose limit reaches `floor()` (asked again after each
   * visit), unless `skip` says it is no candidate. Companies come by group, the highest base
   * first, so the floor rises early; a group whose base cannot reach it even with the whole term
   * and technology weights is passed over, and so is a company whose technology pairs, then
   * term pairs, keep it below.
   */
  forEachReaching(floor: () => number, skip: (slot: number) => boolean, visit: (slot: number) => void): void {
    const groups = this.columns.profileGroups;
    const { termLists, technologyLists } = this.columns;
    const { termHolders, technologyHolders, fewestSeedTerms, fewestSeedTechnologies, termPairs, assumedTermPairs } = this;
    const seedCount = this.seeds.length;
    const groupBase = new Float64Array(groups.count);
    const firstOfBin = new Uint32Array(BINS + 2);
    for (let group = 0; group < groups.count; group += 1) {
      const base = this.baseOf(groups.industry[group] ?? 0, groups.sector[group] ?? 0, groups.band[group] ?? 0, groups.country[group] ?? 0);
      groupBase[group] = base;
      const bin = BINS - Math.min(BINS, Math.floor(base * BINS));
      firstOfBin[bin + 1] = (firstOfBin[bin + 1] ?? 0) + 1;
    }
    for (let bin = 1; bin <= BINS + 1; bin += 1) firstOfBin[bin] = (firstOfBin[bin] ?? 0) + (firstOfBin[bin - 1] ?? 0);
    const byBin = new Uint32Array(groups.count);
    const filling = firstOfBin.slice();
    for (let group = 0; group < groups.count; group += 1) {
      const bin = BINS - Math.min(BINS, Math.floor((groupBase[group] ?? 0) * BINS));
      byBin[filling[bin] ?? 0] = group;
      filling[bin] = (filling[bin] ?? 0) + 1;
    }

    let last = floor();
    for (let bin = 0; bin <= BINS; bin += 1) {
      // Every base in this bin is below (BINS - bin + 1) / BINS.
      if ((BINS - bin + 1) / BINS + WEIGHTS.terms + WEIGHTS.technologies + BOUND_MARGIN < last) return;
      for (let at = firstOfBin[bin] ?? 0; at < (firstOfBin[bin + 1] ?? 0); at += 1) {
        const group = byBin[at] ?? 0;
        const base = groupBase[group] ?? 0;
        if (base + WEIGHTS.terms + WEIGHTS.technologies + BOUND_MARGIN < last) continue;
        for (let slot = groups.start[group] ?? 0; slot < (groups.start[group + 1] ?? 0); slot += 1) {
          const pairs = (termPairs[slot] ?? 0) + assumedTermPairs;
          const counted = pairs === 0 ? 0 : WEIGHTS.terms * Math.min(1, pairs / (seedCount * Math.max(sizeOf(termLists, slot), fewestSeedTerms)));
          if (base + counted + WEIGHTS.technologies + BOUND_MARGIN < last) continue;
          const technologies = WEIGHTS.technologies * this.pairLimit(technologyLists, technologyHolders, fewestSeedTechnologies, slot);
          if (base + counted + technologies + BOUND_MARGIN < last) continue;
          // With pairs assumed, the term list itself gives the closer limit.
          const terms = assumedTermPairs === 0 ? counted : WEIGHTS.terms * this.pairLimit(termLists, termHolders, fewestSeedTerms, slot);
          if (base + terms + technologies + BOUND_MARGIN < last || skip(slot)) continue;
          visit(slot);
          last = floor();
        }
      }
    }
  }

  /** `similarityTo(company, seeds)`, exactly. */
  score(slot: number): number {
    const { columns, seeds } = this;
    const termCount = countShared(columns.termLists, this.termMasks, slot, this.sharedTerms);
    const technologyCount = countShared(columns.technologyLists, this.technologyMasks, slot, this.sharedTechnologies);
    const industry = columns.industry[slot] ?? 0;
    const sector = columns.sector[slot] ?? 0;
    const band = columns.band[slot] ?? 0;
    const country = columns.country[slot] ?? 0;
    let sum = 0;
    for (let s = 0; s < seeds.length; s += 1) {
      const seed = seeds[s] ?? 0;
      sum +=
        (industry !== 0 && industry === columns.industry[seed] ? WEIGHTS.industry : 0) +
        (sector !== 0 && sector === columns.sector[seed] ? WEIGHTS.naicsSector : 0) +
        WEIGHTS.terms * jaccardOfCounts(this.sharedTerms[s] ?? 0, termCount, this.seedTermCounts[s] ?? 0) +
        WEIGHTS.technologies * jaccardOfCounts(this.sharedTechnologies[s] ?? 0, technologyCount, this.seedTechnologyCounts[s] ?? 0) +
        (band !== 0 && band === columns.band[seed] ? WEIGHTS.employeeBand : 0) +
        (country !== 0 && country === columns.country[seed] ? WEIGHTS.country : 0);
    }
    return Math.round((sum / seeds.length) * 10_000) / 10_000;
  }

  private baseOf(industry: number, sector: number, band: number, country: number): number {
    return (this.industry[industry] ?? 0) + (this.sector[sector] ?? 0) + (this.band[band] ?? 0) + (this.country[country] ?? 0);
  }

  /** At most the mean Jaccard index of a company's list with the seeds': the (code, seed) pairs it shares over the larger of its size and the smallest seed's. */
  private pairLimit(lists: CodeLists, holders: Uint8Array, fewestOfSeeds: number, slot: number): number {
    const start = lists.start[slot] ?? 0;
    const end = lists.start[slot + 1] ?? 0;
    let pairs = 0;
    for (let at = start; at < end; at += 1) pairs += holders[lists.codes[at] ?? 0] ?? 0;
    return pairs === 0 ? 0 : Math.min(1, pairs / (this.seeds.length * Math.max(end - start, fewestOfSeeds)));
  }
}

/** Per seed, how many of the company's codes it holds (into `shared`); returns the company's count. */
function countShared(lists: CodeLists, masks: Uint32Array, slot: number, shared: Int32Array): number {
  shared.fill(0);
  const start = lists.start[slot] ?? 0;
  const end = lists.start[slot + 1] ?? 0;
  for (let at = start; at < end; at += 1) {
    let mask = masks[lists.codes[at] ?? 0] ?? 0;
    while (mask !== 0) {
      const lowest = mask & -mask;
      const bit = 31 - Math.clz32(lowest);
      shared[bit] = (shared[bit] ?? 0) + 1;
      mask ^= lowest;
    }
  }
  return end - start;
}
