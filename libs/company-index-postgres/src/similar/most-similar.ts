import { sharedWithSeeds, type SimilarMatch, type SimilarityProfile } from '@radar/company-index';
import { SeedScorer } from './seed-scorer';
import type { SimilarityColumns } from './similarity-columns';
import { TopSimilar, type Ranked } from './top-similar';

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
 * company: each is scored only when its bounds (seed-scorer.ts) can still reach the last one
 * kept. A filter passing few companies has those scored; a broader one is asked about the best
 * companies overall, and read whole only when too few of those pass.
 */
export async function mostSimilar(columns: SimilarityColumns, seedOrdinals: readonly number[], limit: number, filter?: CandidateFilter): Promise<SimilarMatch[]> {
  const seedSlots = seedOrdinals.map((ordinal) => columns.slotOf[ordinal] ?? 0);
  const scorer = new SeedScorer(columns, seedSlots);
  const seeds = seedSlots.map((slot) => columns.profileOf(slot));
  const isSeed = new Set(seedSlots);
  const answer = (rows: Ranked[]) => rows.map((row) => toMatch(columns, row, seeds));

  if (filter === undefined) return answer(walk(columns, scorer, isSeed, limit));

  const few = await filter.passingIds(FEW_PASSING + 1);
  if (few.length <= FEW_PASSING) return answer(scoreAmong(columns, scorer, isSeed, ordinalsOf(columns, few), limit));

  const checkedAtOnce = Math.max(CHECKED_AT_ONCE, limit * 20);
  const checked = walk(columns, scorer, isSeed, checkedAtOnce);
  const passing = await filter.passingAmong(checked.map((row) => columns.idOf(row.ordinal)));
  const kept = checked.filter((row) => passing.has(columns.idOf(row.ordinal))).slice(0, limit);
  // Fewer than asked for means every company scoring above 0 was checked.
  if (kept.length === limit || checked.length < checkedAtOnce) return answer(kept);

  const allowed = new Uint8Array(columns.size);
  for (const ordinal of ordinalsOf(columns, await filter.passingIds())) allowed[columns.slotOf[ordinal] ?? 0] = 1;
  return answer(walk(columns, scorer, isSeed, limit, allowed));
}

/**
 * The best `limit` companies (of the slots `allowed` when given): each scored only when its
 * limit can still reach the last one kept. Ranked by ordinal, which breaks ties as ids do.
 */
function walk(columns: SimilarityColumns, scorer: SeedScorer, isSeed: ReadonlySet<number>, limit: number, allowed?: Uint8Array): Ranked[] {
  const top = new TopSimilar(limit);
  scorer.forEachReaching(
    () => top.worstSimilarity,
    (slot) => isSeed.has(slot) || (allowed !== undefined && allowed[slot] !== 1),
    (slot) => {
      const similarity = scorer.score(slot);
      if (similarity > 0) top.offer(columns.ordinalAt[slot] ?? 0, similarity);
    },
  );
  return top.ranked();
}

/** The best `limit` of these companies (ordinals), each scored. */
function scoreAmong(columns: SimilarityColumns, scorer: SeedScorer, isSeed: ReadonlySet<number>, ordinals: number[], limit: number): Ranked[] {
  const top = new TopSimilar(limit);
  for (const ordinal of ordinals) {
    const slot = columns.slotOf[ordinal] ?? 0;
    if (isSeed.has(slot)) continue;
    const similarity = scorer.score(slot);
    if (similarity > 0) top.offer(ordinal, similarity);
  }
  return top.ranked();
}

function ordinalsOf(columns: SimilarityColumns, companyIds: string[]): number[] {
  return companyIds.map((id) => columns.ordinalOf(id)).filter((ordinal) => ordinal !== undefined);
}

function toMatch(columns: SimilarityColumns, row: Ranked, seeds: readonly SimilarityProfile<number>[]): SimilarMatch {
  const shared = sharedWithSeeds(columns.profileOf(columns.slotOf[row.ordinal] ?? 0), seeds);
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
