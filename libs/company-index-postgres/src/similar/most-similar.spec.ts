import { randomUUID } from 'node:crypto';
import { bySimilarity, similarityTo } from '@radar/company-index';
import { mostSimilar, type CandidateFilter } from './most-similar';
import { SimilarityColumns } from './similarity-columns';

/** A small deterministic generator, so a failure can be replayed. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

function columnsOf(size: number, seed: number): SimilarityColumns {
  const next = sequence(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const maybe = <T>(value: T): T | null => (next() < 0.1 ? null : value);
  const ids = Array.from({ length: size }, () => randomUUID()).sort();
  const columns = new SimilarityColumns('1', size);
  const words = Array.from({ length: 300 }, (_, i) => `term${i}`);
  const technologies = Array.from({ length: 40 }, (_, i) => `tech${i}`);
  for (const id of ids) {
    columns.append([
      id,
      maybe(pick(['Software', 'Retail', 'Logistics', 'Banking', 'Health', 'Education'])),
      maybe(pick(['541511', '445110', '484110', '522110', '621111', '611310'])),
      maybe(pick([10, 50, 200, 1000])),
      maybe(pick(['Germany', 'France', 'United States'])),
      Array.from({ length: Math.floor(next() * 6) }, () => pick(technologies)),
      Array.from({ length: Math.floor(next() * 25) }, () => pick(words)),
    ]);
  }
  return columns;
}

/** Every company scored: what mostSimilar must equal. */
function bruteForce(columns: SimilarityColumns, seeds: number[], limit: number) {
  const profileAt = (ordinal: number) => columns.profileOf(columns.slotOf[ordinal] ?? 0);
  const profiles = seeds.map(profileAt);
  const rows = [];
  for (let ordinal = 0; ordinal < columns.size; ordinal += 1) {
    if (seeds.includes(ordinal)) continue;
    const similarity = similarityTo(profileAt(ordinal), profiles);
    if (similarity > 0) rows.push({ companyId: columns.idOf(ordinal), similarity });
  }
  return rows.sort(bySimilarity).slice(0, limit);
}

/** A filter over a set of ids, recording which questions it was asked. */
function filterOf(passing: Set<string>) {
  const asked: string[] = [];
  const filter: CandidateFilter = {
    passingIds: async (max) => {
      asked.push(max === undefined ? 'every passing id' : 'a few passing ids');
      return [...passing].slice(0, max);
    },
    passingAmong: async (ids) => {
      asked.push('which of these pass');
      return new Set(ids.filter((id) => passing.has(id)));
    },
  };
  return { filter, asked };
}

describe('mostSimilar', () => {
  const columns = columnsOf(12_000, 7);
  const everyId = Array.from({ length: columns.size }, (_, ordinal) => columns.idOf(ordinal));

  it.each([
    [[5], 20],
    [[1, 2, 3], 100],
    [[0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900], 50],
  ])('equals scoring every company (seeds %j, limit %d)', async (seeds, limit) => {
    const found = await mostSimilar(columns, seeds, limit);
    expect(found.map((match) => ({ companyId: match.companyId, similarity: match.similarity }))).toEqual(bruteForce(columns, seeds, limit));
  });

  it('scores exactly the companies a narrow filter lets through', async () => {
    const passing = new Set(everyId.filter((_, ordinal) => ordinal % 7 === 0));
    const { filter, asked } = filterOf(passing);
    const found = await mostSimilar(columns, [3, 4], 30, filter);
    const expected = bruteForce(columns, [3, 4], columns.size).filter((row) => passing.has(row.companyId)).slice(0, 30);
    expect(found.map((match) => match.companyId)).toEqual(expected.map((row) => row.companyId));
    expect(asked).toEqual(['a few passing ids']);
  });

  it('asks a broad filter about the best companies only', async () => {
    const passing = new Set(everyId.filter((_, ordinal) => ordinal % 2 === 0));
    const { filter, asked } = filterOf(passing);
    const found = await mostSimilar(columns, [3, 4], 30, filter);
    const expected = bruteForce(columns, [3, 4], columns.size).filter((row) => passing.has(row.companyId)).slice(0, 30);
    expect(found.map((match) => match.companyId)).toEqual(expected.map((row) => row.companyId));
    expect(asked).toEqual(['a few passing ids', 'which of these pass']);
  });

  it('reads every passing company when a broad filter lets none of the best through', async () => {
    const ranking = bruteForce(columns, [3, 4], columns.size);
    const passing = new Set(ranking.slice(3_000).map((row) => row.companyId));
    const { filter, asked } = filterOf(passing);
    const found = await mostSimilar(columns, [3, 4], 30, filter);
    expect(found.map((match) => match.companyId)).toEqual(ranking.slice(3_000, 3_030).map((row) => row.companyId));
    expect(asked).toEqual(['a few passing ids', 'which of these pass', 'every passing id']);
  });

  it('never answers a seed, and leaves companies at 0 out', async () => {
    const found = await mostSimilar(columns, [10, 11], columns.size);
    expect(found.map((match) => match.companyId)).not.toContain(columns.idOf(10));
    expect(found.map((match) => match.companyId)).not.toContain(columns.idOf(11));
    expect(found.every((match) => match.similarity > 0)).toBe(true);
    expect(found).toHaveLength(bruteForce(columns, [10, 11], columns.size).length);
  });
});
