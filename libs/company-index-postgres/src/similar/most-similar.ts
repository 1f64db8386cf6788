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

/** The best `limit` companies (of `allowed` when given): each scored only when its limit can still reach the last one kept. */
function walk(columns: SimilarityColumns, scorer: SeedScorer, isSeed: Uint8Array, limit: number, allowed?: Uint8Array): Ranked[] {
  const top = new TopSimilar(limit);
  const candidate = (ordinal: number) => isSeed[ordinal] !== 1 && (allowed === undefined || allowed[ordinal] === 1);
  const offer = (ordinal: number) => {
    const similarity = scorer.score(ordinal);
    if (similarity > 0) top.offer(ordinal, similarity);
  };
  scorer.forEachReaching(
    () => top.worstSimilarity,
    (ordinal) => !candidate(ordinal),
    offer,
  );
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
