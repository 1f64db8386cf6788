import { sharedWithSeeds, type SimilarMatch, type SimilarityProfile } from '@radar/company-index';
import { BOUND_MARGIN, MAX_EXTRA, SeedScorer } from './seed-scorer';
import type { SimilarityColumns } from './similarity-columns';
import { TopSimilar, type Ranked } from './top-similar';

/** Base scores are binned by thousandths and walked from the highest bin down. */
const BINS = 1_000;
/** A filter passing at most this many companies has exactly those scored. */
const FEW_PASSING = 5_000;
/** With a broader filter, at least this many of the best companies are checked against it at once. */
const CHECKED_AT_ONCE = 2_000;

/** The request's filters, asked of the database. */
export interface CandidateFilter {
  /** Ids of companies passing the filters: at most `max` of them when given, else every one. */
  passingIds(max?: number): Promise<string[]>;
  /** Which of these ids pass. */
  passingAmong(companyIds: string[]): Promise<Set<string>>;
}

/**
 * The `limit` companies most similar to the seeds by the rule, exactly, without scoring every
 * company. The parts of the score that are equalities (industry, sector, band, country) give
 * each company a base read from four tables; terms and technologies add at most 0.45. Companies
 * are visited from the highest base down and scored exactly only while their bound can still
 * reach the last one kept. A filter passing few companies has those scored; a broader one is
 * asked about the best companies overall, and read whole only when too few of those pass.
 */
export async function mostSimilar(columns: SimilarityColumns, seedOrdinals: readonly number[], limit: number, filter?: CandidateFilter): Promise<SimilarMatch[]> {
  const scorer = new SeedScorer(columns, seedOrdinals);
  const seeds = seedOrdinals.map((ordinal) => columns.profileOf(ordinal));
  const isSeed = new Uint8Array(columns.size);
  for (const ordinal of seedOrdinals) isSeed[ordinal] = 1;
  const answer = (rows: Ranked[]) => rows.map((row) => toMatch(columns, row, seeds));

  if (filter === undefined) return answer(walk(columns, scorer, isSeed, limit));

  const few = await filter.passingIds(FEW_PASSING + 1);
  if (few.length <= FEW_PASSING) return answer(scoreAmong(scorer, isSeed, ordinalsOf(columns, few), limit));

  const checked = walk(columns, scorer, isSeed, Math.max(CHECKED_AT_ONCE, limit * 20));
  const passing = await filter.passingAmong(checked.map((row) => columns.idOf(row.ordinal)));
  const kept = checked.filter((row) => passing.has(columns.idOf(row.ordinal))).slice(0, limit);
  // Fewer than asked for means every company scoring above 0 was checked.
  if (kept.length === limit || checked.length < Math.max(CHECKED_AT_ONCE, limit * 20)) return answer(kept);

  const allowed = new Uint8Array(columns.size);
  for (const ordinal of ordinalsOf(columns, await filter.passingIds())) allowed[ordinal] = 1;
  return answer(walk(columns, scorer, isSeed, limit, allowed));
}

/** The best `limit` companies (of `allowed` when given), walking bases from the highest down. */
function walk(columns: SimilarityColumns, scorer: SeedScorer, isSeed: Uint8Array, limit: number, allowed?: Uint8Array): Ranked[] {
  const { size } = columns;
  const binOf = new Uint16Array(size);
  const firstOfBin = new Uint32Array(BINS + 2);
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    const bin = BINS - Math.min(BINS, Math.floor(scorer.base(ordinal) * BINS));
    binOf[ordinal] = bin;
    firstOfBin[bin + 1] = (firstOfBin[bin + 1] ?? 0) + 1;
  }
  // Bins numbered from the highest base (0) down; ordinals sorted by bin, in id order within one.
  for (let bin = 1; bin <= BINS + 1; bin += 1) firstOfBin[bin] = (firstOfBin[bin] ?? 0) + (firstOfBin[bin - 1] ?? 0);
  const byBin = new Uint32Array(size);
  const filling = firstOfBin.slice();
  for (let ordinal = 0; ordinal < size; ordinal += 1) {
    const bin = binOf[ordinal] ?? 0;
    byBin[filling[bin] ?? 0] = ordinal;
    filling[bin] = (filling[bin] ?? 0) + 1;
  }

  const top = new TopSimilar(limit);
  for (let bin = 0; bin <= BINS; bin += 1) {
    // Every base in this bin is below (BINS - bin + 1) / BINS.
    if (top.full && (BINS - bin + 1) / BINS + MAX_EXTRA + BOUND_MARGIN < top.worstSimilarity) break;
    for (let at = firstOfBin[bin] ?? 0; at < (firstOfBin[bin + 1] ?? 0); at += 1) {
      const ordinal = byBin[at] ?? 0;
      if (isSeed[ordinal] === 1 || (allowed !== undefined && allowed[ordinal] !== 1)) continue;
      if (top.full && scorer.bound(ordinal) < top.worstSimilarity) continue;
      const similarity = scorer.score(ordinal);
      if (similarity > 0) top.offer(ordinal, similarity);
    }
  }
  return top.ranked();
}

/** The best `limit` of these companies, each scored. */
function scoreAmong(scorer: SeedScorer, isSeed: Uint8Array, ordinals: number[], limit: number): Ranked[] {
  const top = new TopSimilar(limit);
  for (const ordinal of ordinals) {
    if (isSeed[ordinal] === 1) continue;
    const similarity = scorer.score(ordinal);
    if (similarity > 0) top.offer(ordinal, similarity);
  }
  return top.ranked();
}

function ordinalsOf(columns: SimilarityColumns, companyIds: string[]): number[] {
  return companyIds.map((id) => columns.ordinalOf(id)).filter((ordinal) => ordinal !== undefined);
}

function toMatch(columns: SimilarityColumns, row: Ranked, seeds: readonly SimilarityProfile<number>[]): SimilarMatch {
  const shared = sharedWithSeeds(columns.profileOf(row.ordinal), seeds);
  return {
    companyId: columns.idOf(row.ordinal),
    similarity: row.similarity,
    shared: {
      industry: shared.industry === null ? null : columns.industries.valueOf(shared.industry),
      country: shared.country === null ? null : columns.countries.valueOf(shared.country),
      employeeBand: shared.employeeBand,
      technologies: shared.technologies.map((code) => columns.technologies.valueOf(code)),
      terms: shared.terms.map((code) => columns.terms.valueOf(code)),
    },
  };
}
