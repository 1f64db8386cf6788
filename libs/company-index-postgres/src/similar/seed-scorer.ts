import { SIMILARITY_WEIGHTS } from '@radar/company-index';
import type { SimilarityColumns } from './similarity-columns';

/** Seeds are told apart by one bit of a 32-bit mask. */
const MAX_SEEDS = 32;
/** What terms and technologies can add to a base score at most. */
export const MAX_EXTRA = SIMILARITY_WEIGHTS.terms + SIMILARITY_WEIGHTS.technologies;
/**
 * Margin of every bound: the four-decimal rounding lifts a score by at most half of this, and
 * the bound's sums are taken in another order than the exact score's.
 */
export const BOUND_MARGIN = 0.0001;

type CodeLists = { start: Uint32Array; codes: Uint32Array };

const sizeOf = (lists: CodeLists, ordinal: number): number => (lists.start[ordinal + 1] ?? 0) - (lists.start[ordinal] ?? 0);

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

/**
 * The similarity rule over the coded columns for one set of seeds, without allocating per
 * company: `score` gives exactly what `similarityTo` gives (the same sums in the same order),
 * `base` and `bound` are cheap upper parts used to skip companies that cannot rank.
 */
export class SeedScorer {
  private readonly industry: Float64Array;
  private readonly sector: Float64Array;
  private readonly band: Float64Array;
  private readonly country: Float64Array;
  private readonly termMasks: Uint32Array;
  private readonly technologyMasks: Uint32Array;
  private readonly seedTermCounts: Int32Array;
  private readonly seedTechnologyCounts: Int32Array;
  private readonly fewestSeedTerms: number;
  private readonly fewestSeedTechnologies: number;
  private readonly sharedTerms: Int32Array;
  private readonly sharedTechnologies: Int32Array;

  constructor(
    private readonly columns: SimilarityColumns,
    private readonly seeds: readonly number[],
  ) {
    if (seeds.length === 0 || seeds.length > MAX_SEEDS) throw new RangeError(`1 to ${MAX_SEEDS} seeds, got ${seeds.length}`);
    this.industry = weightsByCode(columns.industry, columns.industries.span, seeds, SIMILARITY_WEIGHTS.industry);
    this.sector = weightsByCode(columns.sector, columns.sectors.span, seeds, SIMILARITY_WEIGHTS.naicsSector);
    this.band = weightsByCode(columns.band, columns.bands.span, seeds, SIMILARITY_WEIGHTS.employeeBand);
    this.country = weightsByCode(columns.country, columns.countries.span, seeds, SIMILARITY_WEIGHTS.country);
    this.termMasks = seedMasks(columns.termLists, columns.terms.span, seeds);
    this.technologyMasks = seedMasks(columns.technologyLists, columns.technologies.span, seeds);
    this.seedTermCounts = Int32Array.from(seeds, (seed) => sizeOf(columns.termLists, seed));
    this.seedTechnologyCounts = Int32Array.from(seeds, (seed) => sizeOf(columns.technologyLists, seed));
    this.fewestSeedTerms = Math.min(...this.seedTermCounts);
    this.fewestSeedTechnologies = Math.min(...this.seedTechnologyCounts);
    this.sharedTerms = new Int32Array(seeds.length);
    this.sharedTechnologies = new Int32Array(seeds.length);
  }

  /** The mean over the seeds of the parts that are equalities (industry, sector, band, country). */
  base(ordinal: number): number {
    const { columns } = this;
    return (
      (this.industry[columns.industry[ordinal] ?? 0] ?? 0) +
      (this.sector[columns.sector[ordinal] ?? 0] ?? 0) +
      (this.band[columns.band[ordinal] ?? 0] ?? 0) +
      (this.country[columns.country[ordinal] ?? 0] ?? 0)
    );
  }

  /**
   * At least the company's similarity: the base, plus for terms and technologies the share of
   * the company's own that some seed holds (a Jaccard index with any seed is at most that many
   * over the larger of the two sets), plus the margin.
   */
  bound(ordinal: number): number {
    const { columns } = this;
    const terms = heldBySeeds(columns.termLists, this.termMasks, ordinal);
    const technologies = heldBySeeds(columns.technologyLists, this.technologyMasks, ordinal);
    return (
      this.base(ordinal) +
      SIMILARITY_WEIGHTS.terms * Math.min(1, terms / Math.max(sizeOf(columns.termLists, ordinal), this.fewestSeedTerms, 1)) +
      SIMILARITY_WEIGHTS.technologies * Math.min(1, technologies / Math.max(sizeOf(columns.technologyLists, ordinal), this.fewestSeedTechnologies, 1)) +
      BOUND_MARGIN
    );
  }

  /** `similarityTo(company, seeds)`, exactly. */
  score(ordinal: number): number {
    const { columns, seeds } = this;
    const termCount = countShared(columns.termLists, this.termMasks, ordinal, this.sharedTerms);
    const technologyCount = countShared(columns.technologyLists, this.technologyMasks, ordinal, this.sharedTechnologies);
    const industry = columns.industry[ordinal] ?? 0;
    const sector = columns.sector[ordinal] ?? 0;
    const band = columns.band[ordinal] ?? 0;
    const country = columns.country[ordinal] ?? 0;
    let sum = 0;
    for (let s = 0; s < seeds.length; s += 1) {
      const seed = seeds[s] ?? 0;
      sum +=
        (industry !== 0 && industry === columns.industry[seed] ? SIMILARITY_WEIGHTS.industry : 0) +
        (sector !== 0 && sector === columns.sector[seed] ? SIMILARITY_WEIGHTS.naicsSector : 0) +
        SIMILARITY_WEIGHTS.terms * jaccardOfCounts(this.sharedTerms[s] ?? 0, termCount, this.seedTermCounts[s] ?? 0) +
        SIMILARITY_WEIGHTS.technologies * jaccardOfCounts(this.sharedTechnologies[s] ?? 0, technologyCount, this.seedTechnologyCounts[s] ?? 0) +
        (band !== 0 && band === columns.band[seed] ? SIMILARITY_WEIGHTS.employeeBand : 0) +
        (country !== 0 && country === columns.country[seed] ? SIMILARITY_WEIGHTS.country : 0);
    }
    return Math.round((sum / seeds.length) * 10_000) / 10_000;
  }
}

/** How many of a company's codes some seed holds. */
function heldBySeeds(lists: CodeLists, masks: Uint32Array, ordinal: number): number {
  let held = 0;
  for (let at = lists.start[ordinal] ?? 0; at < (lists.start[ordinal + 1] ?? 0); at += 1) if ((masks[lists.codes[at] ?? 0] ?? 0) !== 0) held += 1;
  return held;
}

/** Per seed, how many of the company's codes it holds (into `shared`); returns the company's count. */
function countShared(lists: CodeLists, masks: Uint32Array, ordinal: number, shared: Int32Array): number {
  shared.fill(0);
  const start = lists.start[ordinal] ?? 0;
  const end = lists.start[ordinal + 1] ?? 0;
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
