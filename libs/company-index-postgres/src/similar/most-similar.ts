import { bySimilarity, SIMILARITY_WEIGHTS, sharedWithSeeds, similarityTo, type SimilarMatch, type SimilarityProfile } from '@radar/company-index';
import type { SimilarityColumns } from './similarity-columns';

/** Base scores are bucketed by thousandths to pick how many companies to score exactly. */
const BINS = 1_000;
/** What terms and technologies can add to a base score at most. */
const MAX_EXTRA = SIMILARITY_WEIGHTS.terms + SIMILARITY_WEIGHTS.technologies;
/** The four-decimal rounding of similarity can lift a score by half of this. */
const ROUNDING = 0.0001;
/** Companies scored exactly in the first round, at least. */
const FIRST_ROUND = 1_000;
/** Candidates whose filter verdict is asked at once. */
const FILTER_BATCH = 500;

/** Which of these company ids pass the request's filters. */
export type FilterCheck = (companyIds: string[]) => Promise<Set<string>>;

interface Scored {
  ordinal: number;
  companyId: string;
  similarity: number;
}

/** Per code, what the seeds with that code add to a company's mean score. */
function weightsByCode(codes: Uint32Array, span: number, seeds: readonly number[], weight: number): Float64Array {
  const table = new Float64Array(span);
  for (const seed of seeds) {
    const code = codes[seed] ?? 0;
    if (code !== 0) table[code] = (table[code] ?? 0) + weight / seeds.length;
  }
  return table;
}

/**
 * The `limit` companies most similar to the seeds by the rule, exactly, without scoring every
 * company: the parts of the score that are equalities (industry, sector, band, country) sum to a
 * base score read from four tables per company; terms and technologies add at most 0.45. Companies
 * are scored exactly from the highest base down, until no company left unscored can reach the
 * last one kept. `passes` narrows the candidates to the request's filters.
 */
export async function mostSimilar(columns: SimilarityColumns, seedOrdinals: readonly number[], limit: number, passes?: FilterCheck): Promise<SimilarMatch[]> {
  const seeds = seedOrdinals.map((ordinal) => columns.profileOf(ordinal));
  const isSeed = new Set(seedOrdinals);
  const industry = weightsByCode(columns.industry, columns.industries.span, seedOrdinals, SIMILARITY_WEIGHTS.industry);
  const sector = weightsByCode(columns.sector, columns.sectors.span, seedOrdinals, SIMILARITY_WEIGHTS.naicsSector);
  const band = weightsByCode(columns.band, columns.bands.span, seedOrdinals, SIMILARITY_WEIGHTS.employeeBand);
  const country = weightsByCode(columns.country, columns.countries.span, seedOrdinals, SIMILARITY_WEIGHTS.country);
  const bin = new Uint16Array(columns.size);
  const perBin = new Uint32Array(BINS + 1);
  for (let ordinal = 0; ordinal < columns.size; ordinal += 1) {
    const base =
      (industry[columns.industry[ordinal] ?? 0] ?? 0) +
      (sector[columns.sector[ordinal] ?? 0] ?? 0) +
      (band[columns.band[ordinal] ?? 0] ?? 0) +
      (country[columns.country[ordinal] ?? 0] ?? 0);
    const b = Math.min(BINS, Math.floor(base * BINS));
    bin[ordinal] = b;
    perBin[b] = (perBin[b] ?? 0) + 1;
  }
  const sharesSomething = sharingTest(columns, seeds);

  let lowerBin = BINS + 1;
  let upperBin = BINS + 1;
  for (let count = 0; lowerBin > 0 && count < Math.max(FIRST_ROUND, limit * 10); ) count += perBin[--lowerBin] ?? 0;
  const scored: Scored[] = [];
  const verdicts = new Map<number, boolean>();
  for (;;) {
    for (let ordinal = 0; ordinal < columns.size; ordinal += 1) {
      const b = bin[ordinal] ?? 0;
      if (b < lowerBin || b >= upperBin || isSeed.has(ordinal)) continue;
      if (b === 0 && !sharesSomething(ordinal)) continue;
      const similarity = similarityTo(columns.profileOf(ordinal), seeds);
      if (similarity > 0) scored.push({ ordinal, companyId: columns.idOf(ordinal), similarity });
    }
    scored.sort(bySimilarity);
    // Unscored companies have a base below lowerBin / BINS: scores at or above `sure` cannot be beaten by them.
    const sure = lowerBin === 0 ? -Infinity : lowerBin / BINS + MAX_EXTRA + ROUNDING;
    const kept = await keepPassing(scored, sure, limit, verdicts, passes);
    if (kept.length === limit || lowerBin === 0) return kept.map((row) => toMatch(columns, row, seeds));
    upperBin = lowerBin;
    const last = passes === undefined ? scored[limit - 1] : undefined;
    const needed = last === undefined ? lowerBin - 150 : Math.floor((last.similarity - MAX_EXTRA - ROUNDING) * BINS);
    lowerBin = Math.max(0, Math.min(lowerBin - 1, needed));
  }
}

/** Whether a company shares a technology or a term with a seed (a company with a base of 0 scores nothing otherwise). */
function sharingTest(columns: SimilarityColumns, seeds: readonly SimilarityProfile<number>[]): (ordinal: number) => boolean {
  const technologies = new Uint8Array(columns.technologies.span);
  const terms = new Uint8Array(columns.terms.span);
  for (const seed of seeds) {
    for (const code of seed.technologies) technologies[code] = 1;
    for (const code of seed.terms) terms[code] = 1;
  }
  const anyMarked = (lists: { start: Uint32Array; codes: Uint32Array }, marks: Uint8Array, ordinal: number) => {
    for (let at = lists.start[ordinal] ?? 0; at < (lists.start[ordinal + 1] ?? 0); at += 1) if (marks[lists.codes[at] ?? 0] === 1) return true;
    return false;
  };
  return (ordinal) => anyMarked(columns.technologyLists, technologies, ordinal) || anyMarked(columns.termLists, terms, ordinal);
}

/** The first `limit` rows scoring at least `sure` that pass the filters, in order. */
async function keepPassing(scored: Scored[], sure: number, limit: number, verdicts: Map<number, boolean>, passes?: FilterCheck): Promise<Scored[]> {
  const kept: Scored[] = [];
  for (let start = 0; start < scored.length && kept.length < limit; start += FILTER_BATCH) {
    const batch = scored.slice(start, start + FILTER_BATCH).filter((row) => row.similarity >= sure);
    if (batch.length === 0) break;
    if (passes !== undefined) {
      const unknown = batch.filter((row) => !verdicts.has(row.ordinal));
      const passing = unknown.length > 0 ? await passes(unknown.map((row) => row.companyId)) : new Set<string>();
      for (const row of unknown) verdicts.set(row.ordinal, passing.has(row.companyId));
    }
    for (const row of batch) {
      if (kept.length < limit && (passes === undefined || verdicts.get(row.ordinal) === true)) kept.push(row);
    }
    if (batch.length < Math.min(FILTER_BATCH, scored.length - start)) break;
  }
  return kept;
}

function toMatch(columns: SimilarityColumns, row: Scored, seeds: readonly SimilarityProfile<number>[]): SimilarMatch {
  const shared = sharedWithSeeds(columns.profileOf(row.ordinal), seeds);
  return {
    companyId: row.companyId,
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
